//! Hand-checked ten-file positions.
