#!/usr/bin/env python3
"""A fake UCI engine for the referee's tests: python-chess's moves, listed wrongly while the
node total stays right, so that only a check of the list itself finds the difference.

Usage: python3 bad_list.py MODE, where MODE is one of
  twice  lists every move twice (each with count 1)
  extra  adds `a1a1: 1`, a move that is no move at all
  swap   lists `a1a1: 1` in place of the last legal move (the counts still add up)
"""

import sys

import chess

mode = sys.argv[1]
board = chess.Board(chess960=True)
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "uci":
        print(f"id name bad-list fake ({mode})", "option name UCI_Chess960 type check default false", "uciok", sep="\n", flush=True)
    elif words[0] == "isready":
        print("readyok", flush=True)
    elif words[0] == "position" and words[1] == "fen":
        board = chess.Board(" ".join(words[2:8]), chess960=True)
    elif words[0] == "go":
        moves = [m.uci() for m in board.legal_moves]
        listed = {"twice": moves + moves, "extra": moves + ["a1a1"], "swap": moves[:-1] + ["a1a1"]}[mode]
        print("".join(f"{m}: 1\n" for m in listed) + f"\nNodes searched: {len(moves)}\n", flush=True)
    elif words[0] == "quit":
        break
