//! The CSV report: one row per arrangement in SP order.

use crate::chess::{ByCastlingSide, CastlingSide};
use crate::start::analysis::Analysis;
use crate::start::verdict::Verdict;
use serde::ser::{Serialize, SerializeMap, SerializeStruct, Serializer};

/// The default place of the report, relative to the working directory.
pub const DEFAULT_PATH: &str = "output/chess960_castling.csv";

/// Declares a group of per-side columns once; the report writes it for the a-side with the prefix
/// `a_` and for the h-side with `h_`, so no column list is written twice.
macro_rules! side_columns {
    ($(#[$meta:meta])* $name:ident { $($(#[$fmeta:meta])* $field:ident : $ty:ty),* $(,)? }) => {
        $(#[$meta])*
        #[derive(Clone, Debug, PartialEq)]
        pub struct $name { $($(#[$fmeta])* pub $field: $ty),* }

        impl $name {
            /// The column names of this group for one side.
            pub const fn names(side: CastlingSide) -> &'static [&'static str] {
                match side {
                    CastlingSide::A => &[$(concat!("a_", stringify!($field))),*],
                    CastlingSide::H => &[$(concat!("h_", stringify!($field))),*],
                }
            }

            fn serialize_fields<S: SerializeStruct>(&self, side: CastlingSide, out: &mut S) -> Result<(), S::Error> {
                let mut names = Self::names(side).iter();
                $(out.serialize_field(names.next().unwrap(), &self.$field)?;)*
                Ok(())
            }

            /// The same fields without the side's prefix, for `show --json`'s per-side objects.
            fn serialize_unprefixed<M: SerializeMap>(&self, out: &mut M) -> Result<(), M::Error> {
                $(out.serialize_entry(stringify!($field), &self.$field)?;)*
                Ok(())
            }
        }
    };
}

side_columns! {
    /// The closed-form rule's output, in the seed's encoding.
    RuleColumns {
        /// The castling right the rule reports.
        rule_castle: bool,
        /// Knights between king and border, or a special code (-7, -8, -9), negated in the
        /// queen-pocket case.
        have: i8,
        /// Squares from the king to the rook's destination, or the same special code.
        need: i8,
    }
}

side_columns! {
    /// The exhaustive search for castling without a pawn move.
    NoPawnColumns {
        /// Whether some sequence of non-pawn moves makes this castling legal.
        no_pawn_move: bool,
        /// The fewest White moves before castling (empty when impossible).
        moves: Option<usize>,
        /// One shortest line in SAN, ending with the castling move (empty when impossible).
        witness: String,
        /// Whether the rule's claim about castling without a pawn move equals the search's.
        rule_agrees: bool,
    }
}

side_columns! {
    /// The verdict by search, the games that back it, and the rule's claim beside it.
    VerdictColumns {
        /// `no-pawn-move`, `after-pawn-move`, `artificial-only`, or `not-within-bound` (undecided:
        /// castling never became legal within the pawn-move bound).
        verdict: Verdict,
        /// The pawn moves of the castling game in SAN, space separated.
        pawn_moves: String,
        /// The castling game in SAN, White's moves only.
        castle_line: String,
        /// For artificial-only: a castle-free game reaching the same placement.
        walk_line: String,
        /// The closed-form rule's claim in the same three words.
        rule_verdict: Verdict,
        /// Whether the rule's claim equals the search's verdict.
        verdict_agrees: bool,
    }
}

side_columns! {
    /// The neighbouring published questions that have an answer per side (see
    /// [`crate::start::questions`]), appended after the verdict columns.
    QuestionColumns {
        /// Question 1 (Chess SE 25256): the fewest White moves before castling with pawn moves
        /// allowed (the question's n(P) is one more).
        fewest_any: usize,
        /// One such shortest game in SAN, ending with the castling move.
        fewest_any_line: String,
        /// Question 4 (Chess SE 37082): whether castling can be made legal without ever moving
        /// the other side's rook.
        keeps_other_rook: bool,
    }
}

/// One line of the report.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The Scharnagl number, 0-959.
    pub sp: u16,
    /// White's back rank, a1 to h1.
    pub arrangement: String,
    /// The start position as a Shredder-FEN.
    pub fen: String,
    /// The closed-form rule's columns per side.
    pub rule: ByCastlingSide<RuleColumns>,
    /// Whether the rule's right is true on either side (its count is the rule's answer).
    pub rule_requires_castling: bool,
    /// The no-pawn-move search's columns per side.
    pub no_pawn: ByCastlingSide<NoPawnColumns>,
    /// The verdict columns per side.
    pub verdict: ByCastlingSide<VerdictColumns>,
    /// Whether some side lets White reach a position that requires castling (the answer).
    pub requires_castling: bool,
    /// The per-side answers of the neighbouring questions.
    pub questions: ByCastlingSide<QuestionColumns>,
    /// Question 2 (Puzzling SE 122388): seeing the start position proves that the king and a
    /// rook never moved.
    pub rights_provably_intact: bool,
    /// A game back to the start position with the king or both rooks moved (empty when the
    /// rights are provably intact).
    pub rights_lost_line: String,
    /// Question 3 (Puzzling SE 121794): how many castled ranks (all officers on the first rank,
    /// both rooks on one side of the king) this arrangement reaches without a pawn move.
    pub castled_ranks_reached: usize,
}

/// One side's columns of a [`Row`], serialized as a map named like the CSV columns without the
/// `a_`/`h_` prefix: the per-side objects of `show --json`, so that JSON and CSV cannot drift.
#[derive(Clone, Copy, Debug)]
pub struct SideColumns<'a> {
    /// The rule's columns.
    pub rule: &'a RuleColumns,
    /// The no-pawn-move search's columns.
    pub no_pawn: &'a NoPawnColumns,
    /// The verdict columns.
    pub verdict: &'a VerdictColumns,
    /// The neighbouring questions' columns.
    pub questions: &'a QuestionColumns,
}

impl Serialize for SideColumns<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut out = serializer.serialize_map(None)?;
        self.rule.serialize_unprefixed(&mut out)?;
        self.no_pawn.serialize_unprefixed(&mut out)?;
        self.verdict.serialize_unprefixed(&mut out)?;
        self.questions.serialize_unprefixed(&mut out)?;
        out.end()
    }
}

impl Row {
    /// The report's line for one analysed arrangement.
    pub fn new(analysis: &Analysis) -> Row {
        Row {
            sp: analysis.arrangement.sp(),
            arrangement: analysis.arrangement.to_string(),
            fen: analysis.arrangement.fen(),
            rule: analysis.rule.map(|_, case| {
                let (rule_castle, have, need) = case.seed_encoding();
                RuleColumns {
                    rule_castle,
                    have,
                    need,
                }
            }),
            rule_requires_castling: analysis.rule_requires_castling(),
            no_pawn: analysis.no_pawn.map(|side, found| NoPawnColumns {
                no_pawn_move: found.is_some(),
                moves: found.as_ref().map(|c| c.moves),
                witness: found
                    .as_ref()
                    .map(|c| c.line.san(&analysis.arrangement))
                    .unwrap_or_default(),
                rule_agrees: analysis.rule_agrees_no_pawn(side),
            }),
            verdict: analysis.verdicts.map(|side, v| {
                let a = &analysis.arrangement;
                VerdictColumns {
                    verdict: v.verdict,
                    pawn_moves: v.castle_line.pawn_moves(a).join(" "),
                    castle_line: v.castle_line.san(a),
                    walk_line: v.walk_line.as_ref().map(|l| l.san(a)).unwrap_or_default(),
                    rule_verdict: analysis.rule.get(side).claim(),
                    verdict_agrees: analysis.verdict_agrees(side),
                }
            }),
            requires_castling: analysis.requires_castling(),
            questions: analysis
                .questions
                .fewest_any
                .map(|side, fewest| QuestionColumns {
                    fewest_any: fewest.moves,
                    fewest_any_line: fewest.line.san(&analysis.arrangement),
                    keeps_other_rook: analysis.questions.keeping_other_rook[side].is_some(),
                }),
            rights_provably_intact: analysis.questions.rights_provably_intact(),
            rights_lost_line: analysis
                .questions
                .rights_lost
                .as_ref()
                .map(|l| l.san(&analysis.arrangement))
                .unwrap_or_default(),
            castled_ranks_reached: analysis.questions.castled_ranks.len(),
        }
    }

    /// One side's columns, for `show --json`.
    pub fn side(&self, side: CastlingSide) -> SideColumns<'_> {
        SideColumns {
            rule: &self.rule[side],
            no_pawn: &self.no_pawn[side],
            verdict: &self.verdict[side],
            questions: &self.questions[side],
        }
    }

    /// The per-arrangement columns of the neighbouring questions, after the per-side ones.
    pub const QUESTION_COLUMNS: [&'static str; 3] = [
        "rights_provably_intact",
        "rights_lost_line",
        "castled_ranks_reached",
    ];

    /// Every column name in order: the CSV header, and what tests compare JSON keys with.
    pub fn column_names() -> Vec<&'static str> {
        let mut names = vec!["sp", "arrangement", "fen"];
        for side in CastlingSide::BOTH {
            names.extend(RuleColumns::names(side));
        }
        names.push("rule_requires_castling");
        for side in CastlingSide::BOTH {
            names.extend(NoPawnColumns::names(side));
        }
        for side in CastlingSide::BOTH {
            names.extend(VerdictColumns::names(side));
        }
        names.push("requires_castling");
        for side in CastlingSide::BOTH {
            names.extend(QuestionColumns::names(side));
        }
        names.extend(Row::QUESTION_COLUMNS);
        names
    }
}

impl Serialize for Row {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut out = serializer.serialize_struct("Row", Row::column_names().len())?;
        out.serialize_field("sp", &self.sp)?;
        out.serialize_field("arrangement", &self.arrangement)?;
        out.serialize_field("fen", &self.fen)?;
        for (side, columns) in self.rule.iter() {
            columns.serialize_fields(side, &mut out)?;
        }
        out.serialize_field("rule_requires_castling", &self.rule_requires_castling)?;
        for (side, columns) in self.no_pawn.iter() {
            columns.serialize_fields(side, &mut out)?;
        }
        for (side, columns) in self.verdict.iter() {
            columns.serialize_fields(side, &mut out)?;
        }
        out.serialize_field("requires_castling", &self.requires_castling)?;
        for (side, columns) in self.questions.iter() {
            columns.serialize_fields(side, &mut out)?;
        }
        let [intact, lost, reached] = Row::QUESTION_COLUMNS;
        out.serialize_field(intact, &self.rights_provably_intact)?;
        out.serialize_field(lost, &self.rights_lost_line)?;
        out.serialize_field(reached, &self.castled_ranks_reached)?;
        out.end()
    }
}

/// The report as CSV bytes. Identical input gives identical bytes.
pub fn to_csv(analyses: &[Analysis]) -> Vec<u8> {
    let mut writer = csv::WriterBuilder::new()
        .terminator(csv::Terminator::Any(b'\n'))
        .from_writer(Vec::new());
    for analysis in analyses {
        writer
            .serialize(Row::new(analysis))
            .expect("serializing to memory cannot fail");
    }
    writer.into_inner().expect("flushing to memory cannot fail")
}
