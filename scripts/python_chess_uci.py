#!/usr/bin/env python3
"""A minimal UCI "engine" over python-chess: it answers `go perft N` and nothing that needs a search.

It lets `castle960 referee python3 scripts/python_chess_uci.py` referee python-chess's move
generator (https://python-chess.readthedocs.io) exactly as it referees Stockfish: the same UCI
handshake, `setoption name UCI_Chess960 value true`, `position fen ...` (Shredder-FEN or X-FEN
castling fields) and `go perft N`, answered in Stockfish's format:

    e1h1: 1
    ...
    <blank line>
    Nodes searched: 25
    <blank line>

With UCI_Chess960 on, castling is written king-takes-rook (e1h1); off, a castling move from a
standard position is written as the king's two-square step (e1g1), as UCI prescribes.

Commands: uci, isready, setoption, ucinewgame, position (fen ... | startpos) [moves ...],
go perft N, go (anything else: answers `bestmove` with the first legal move), quit.
A FEN python-chess cannot read, or a position it calls invalid, gets an `info string error: ...`
line; perft of an unreadable position lists no moves and `Nodes searched: 0`.
"""

import sys

import chess

NAME = f"python-chess {chess.__version__} perft"


def say(*lines):
    sys.stdout.write("".join(line + "\n" for line in lines))
    sys.stdout.flush()


def perft(board, depth):
    """The number of leaf nodes `depth` plies below `board`."""
    if depth <= 1:
        return board.legal_moves.count() if depth == 1 else 1
    nodes = 0
    for move in board.legal_moves:
        board.push(move)
        nodes += perft(board, depth - 1)
        board.pop()
    return nodes


class Engine:
    def __init__(self):
        self.chess960 = False
        self.board = chess.Board(chess960=True)

    def uci(self, _args):
        say(
            f"id name {NAME}",
            "id author the castle960 project, on python-chess by Niklas Fiekas",
            "option name UCI_Chess960 type check default false",
            "uciok",
        )

    def isready(self, _args):
        say("readyok")

    def setoption(self, args):
        # setoption name <id...> [value <x...>]
        words = args.split()
        if not words or words[0] != "name":
            say(f"info string error: malformed setoption: {args}")
            return
        words = words[1:]
        value_at = words.index("value") if "value" in words else len(words)
        name = " ".join(words[:value_at])
        value = " ".join(words[value_at + 1:])
        if name.lower() != "uci_chess960":
            say(f"No such option: {name}")
        elif value not in ("true", "false"):
            say(f"info string error: UCI_Chess960 takes true or false, not {value!r}")
        else:
            self.chess960 = value == "true"

    def ucinewgame(self, _args):
        self.board = chess.Board(chess960=True)

    def position(self, args):
        words = args.split()
        if "moves" in words:
            at = words.index("moves")
            setup, moves = words[:at], words[at + 1:]
        else:
            setup, moves = words, []
        try:
            if setup[:1] == ["startpos"] and len(setup) == 1:
                board = chess.Board(chess960=True)
            elif setup[:1] == ["fen"]:
                board = chess.Board(" ".join(setup[1:]), chess960=True)
            else:
                raise ValueError(f"expected 'startpos' or 'fen <FEN>', got {' '.join(setup)!r}")
            for text in moves:
                board.push(self.parse_move(board, text))
        except ValueError as error:
            say(f"info string error: {error}")
            self.board = None
            return
        if not board.is_valid():
            say(f"info string error: invalid position: {board.status()!r}")
        self.board = board

    def parse_move(self, board, text):
        if self.chess960:
            move = chess.Move.from_uci(text)
            if move not in board.legal_moves:
                raise ValueError(f"illegal move {text}")
            return move
        # Without UCI_Chess960, castling is the king's step (e1g1); parse_uci converts it.
        return board.parse_uci(text)

    def go(self, args):
        words = args.split()
        if words[:1] == ["perft"]:
            depth = int(words[1]) if len(words) > 1 and words[1].isdigit() else 1
            self.divide(max(depth, 1))
        else:
            board = self.board
            move = next(iter(board.legal_moves), None) if board is not None else None
            say(f"bestmove {board.uci(move, chess960=self.chess960) if move else '0000'}")

    def divide(self, depth):
        board = self.board
        lines, total = [], 0
        if board is not None:
            for move in board.legal_moves:
                board.push(move)
                count = perft(board, depth - 1)
                board.pop()
                total += count
                lines.append(f"{board.uci(move, chess960=self.chess960)}: {count}")
        say(*lines, "", f"Nodes searched: {total}", "")


COMMANDS = {"uci", "isready", "setoption", "ucinewgame", "position", "go"}


def main():
    engine = Engine()
    for line in sys.stdin:
        command, _, args = line.strip().partition(" ")
        if command == "quit":
            break
        handler = getattr(engine, command, None) if command in COMMANDS else None
        if handler is not None:
            handler(args.strip())
        elif command:
            say(f"info string error: unknown command: {command}")

if __name__ == "__main__":
    main()
