//! The one template filler of the rendered outputs: `{{name}}` placeholders in a hand-written
//! template replaced by facts the program computed. `analysis.md` and the gallery page both use
//! it, so a placeholder without a fact is one typed error everywhere, never a panic.

use std::collections::BTreeMap;

/// A template named a placeholder no fact fills (or left one unclosed): a defect in the
/// program's templates, reported as an error rather than a half-filled file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("template uses unknown placeholder {{{{{0}}}}}")]
pub struct UnknownPlaceholder(pub String);

/// Facts by placeholder name, in name order (so anything listing them is deterministic).
///
/// ```
/// use castle960::report::template::Facts;
/// let mut facts = Facts::new();
/// facts.insert("answer".into(), "629".into());
/// assert_eq!(facts.fill("{{answer}} of 960").unwrap(), "629 of 960");
/// assert!(facts.fill("{{question}}").is_err());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Facts(BTreeMap<String, String>);

impl Facts {
    /// No facts yet.
    pub fn new() -> Facts {
        Facts::default()
    }

    /// Sets the fact `name`.
    pub fn insert(&mut self, name: String, value: String) {
        self.0.insert(name, value);
    }

    /// Adds every fact of `other`.
    pub fn extend(&mut self, other: Facts) {
        self.0.extend(other.0);
    }

    /// The fact `name`, if set.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0.get(name).map(String::as_str)
    }

    /// The names of all facts, in order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.0.keys().map(String::as_str)
    }

    /// `template` with every `{{name}}` replaced by its fact, left to right; what a fact puts
    /// in is never searched for placeholders again.
    pub fn fill(&self, template: &str) -> Result<String, UnknownPlaceholder> {
        let mut out =
            String::with_capacity(template.len() + self.0.values().map(String::len).sum::<usize>());
        let mut rest = template;
        while let Some(start) = rest.find("{{") {
            out.push_str(&rest[..start]);
            let after = &rest[start + 2..];
            let end = after
                .find("}}")
                .ok_or_else(|| UnknownPlaceholder(after.chars().take(20).collect()))?;
            let name = &after[..end];
            out.push_str(
                self.get(name)
                    .ok_or_else(|| UnknownPlaceholder(name.to_string()))?,
            );
            rest = &after[end + 2..];
        }
        out.push_str(rest);
        Ok(out)
    }
}
