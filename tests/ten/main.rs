//! The ten-file board (`castle960::ten`): perft against Fairy-Stockfish on every supported
//! variant's start position and on random Capablanca Random Chess games, and hand-checked
//! positions (castling, en passant, promotion, FEN errors).

mod castling;
mod chessv;
mod hand;
mod perft;
