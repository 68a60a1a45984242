//! What castle960 writes: the CSV report, the printed summary, `show`'s explanation, the
//! analysis document and the HTML gallery; the text board diagrams of `show`, `castle`, `why`
//! and the analysis document ([`diagram`]).

pub mod analysis_doc;
pub mod castling;
pub mod crc;
pub mod csv;
pub mod diagram;
pub mod explain;
pub mod files;
pub mod gallery;
pub mod questions_doc;
pub mod rules_csv;
pub mod rules_doc;
pub mod summary;
pub mod template;
