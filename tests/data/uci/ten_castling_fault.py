#!/usr/bin/env python3
"""A faulty ten-file engine for the referee's tests: Fairy-Stockfish, run underneath and
answering for the variant set, with its castling moves listed wrongly.

Usage: python3 ten_castling_fault.py MODE ENGINE, where MODE is one of
  twice  lists every castling move twice, the node total as the engine gave it
  omit   leaves every castling move out, the node total lowered to match

Castling is the side to move's king onto its own rook (UCI_Chess960 on). Commands are passed
on as they come; the answers are matched to the positions in order, as the referee sends
positions ahead of the answers.
"""

import collections
import subprocess
import sys
import threading

mode, engine = sys.argv[1], sys.argv[2]
proc = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
positions = collections.deque()
lock = threading.Lock()


def read_fen(words):
    """The men of a FEN, square ("a1".."j8") to letter, and the side to move."""
    men = {}
    for row, rank in enumerate(words[0].split("/")):
        file, number = 0, ""
        for c in rank + "/":
            if c.isdigit():
                number += c
                continue
            file += int(number or 0)
            number = ""
            if c != "/":
                men[f"{chr(ord('a') + file)}{8 - row}"] = c
                file += 1
    return men, words[1]


def is_castling(position, move):
    men, side = position
    king, rook = men.get(move[0:2]), men.get(move[2:4])
    own = str.isupper if side == "w" else str.islower
    return king in ("K", "k") and rook in ("R", "r") and own(king) and own(rook)


def answer():
    listed = []
    for line in proc.stdout:
        line = line.rstrip("\n")
        if line.startswith("id name "):
            line = f"id name ten-castling fake ({mode}) over {line[8:]}"
        if ":" in line and not line.startswith("Nodes searched"):
            listed.append(line)
            continue
        if line.startswith("Nodes searched:"):
            with lock:
                position = positions.popleft()
            castlings = [l for l in listed if is_castling(position, l.split(":")[0].strip())]
            total = int(line.split(":")[1])
            if mode == "twice":
                listed += castlings
            else:
                listed = [l for l in listed if l not in castlings]
                total -= len(castlings)
            print("".join(l + "\n" for l in listed) + f"\nNodes searched: {total}", flush=True)
            listed = []
            continue
        print(line, flush=True)


threading.Thread(target=answer, daemon=True).start()
for line in sys.stdin:
    words = line.split()
    if words[:2] == ["position", "fen"]:
        with lock:
            positions.append(read_fen(words[2:]))
    proc.stdin.write(line)
    proc.stdin.flush()
    if words[:1] == ["quit"]:
        break
proc.wait()
