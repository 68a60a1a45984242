//! What castle960 writes: the CSV report, the printed summary, `show`'s explanation and the
//! analysis document, and the atomic writing of files.

pub mod analysis_doc;
pub mod csv;
pub mod explain;
pub mod gallery;
pub mod staged;
pub mod summary;
pub mod words;
