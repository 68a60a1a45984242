//! The report's four files rendered from the analyses, side by side: `castle960 report` writes
//! them, and `measure phases` times exactly this.

use crate::report::explain::Explanation;
use crate::report::template::UnknownPlaceholder;
use crate::report::{analysis_doc, csv, gallery, rules_csv};
use crate::start::analysis::Analysis;
use crate::start::rules::RuleAnalysis;

/// The four files of the report, as written (without the mark that says castle960 wrote them).
pub struct Files {
    /// The CSV report of Chess960's analysis.
    pub csv: Vec<u8>,
    /// The analysis document (`analysis.md`).
    pub document: String,
    /// The gallery page (`gallery.html`).
    pub page: String,
    /// The rules report: every castling of every arrangement under every rule analysed.
    pub rules_table: Vec<u8>,
}

/// Renders the four files from Chess960's analyses, their explanations (one each, in the same
/// order: [`Explanation::new`], made beforehand so that they can be made beside the searches,
/// see [`crate::start::rules::analyse_with_chess960_and`]) and the analyses under each rule. The
/// files are independent of one another, so they are rendered side by side; each is the same
/// bytes whatever the number of threads.
///
/// # Errors
///
/// If a template names a fact the renderers do not fill (a defect of the templates).
///
/// # Panics
///
/// If the explanations or a list of `under_rules` do not match `analyses` one for one.
pub fn render(
    analyses: &[Analysis],
    explanations: &[Explanation],
    under_rules: &[Vec<RuleAnalysis>],
) -> Result<Files, UnknownPlaceholder> {
    let ((document, csv), (page, rules_table)) = rayon::join(
        || {
            rayon::join(
                || analysis_doc::render(analyses, under_rules),
                || csv::to_csv(analyses),
            )
        },
        || {
            rayon::join(
                || gallery::render_explained(analyses, explanations, under_rules),
                || rules_csv::to_csv(under_rules),
            )
        },
    );
    Ok(Files {
        csv,
        document: document?,
        page: page?,
        rules_table,
    })
}
