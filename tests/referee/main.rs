//! The referee: the UCI engine driver against real engines (Stockfish, Fairy-Stockfish, the
//! python-chess script) and fake ones that hang, crash or talk nonsense.

#[path = "../common/mod.rs"]
mod common;
mod suite;
mod ten_suite;
mod uci;
