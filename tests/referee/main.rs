//! The referee: the UCI engine driver against real engines (Stockfish, Fairy-Stockfish, the
//! python-chess script) and fake ones that hang, crash or talk nonsense.

#[path = "../common/random_games.rs"]
mod random_games;

mod uci;
