#!/usr/bin/env python3
"""A fake UCI engine for the referee's tests: python-chess's move generator with every castling
move left out, so that `castle960 referee` finds differences where castling is legal."""

import sys

import chess

board = chess.Board(chess960=True)
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "uci":
        print("id name no-castling fake", "option name UCI_Chess960 type check default false", "uciok", sep="\n", flush=True)
    elif words[0] == "isready":
        print("readyok", flush=True)
    elif words[0] == "position" and words[1] == "fen":
        board = chess.Board(" ".join(words[2:8]), chess960=True)
    elif words[0] == "go":
        moves = [m for m in board.legal_moves if not board.is_castling(m)]
        print("".join(f"{m.uci()}: 1\n" for m in moves) + f"\nNodes searched: {len(moves)}\n", flush=True)
    elif words[0] == "quit":
        break
