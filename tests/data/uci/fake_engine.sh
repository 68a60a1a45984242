#!/bin/sh
# A fake UCI engine that misbehaves in one way, for tests/referee/uci.rs.
# Usage: sh fake_engine.sh MODE, where MODE is one of
#   hang              answers the handshake, then never answers `go`
#   hang-after-3      answers three positions, then never again
#   crash             exits with status 3 on `go`, after a line on standard error
#   no960             lists no UCI_Chess960 option
#   refuse            answers `setoption name UCI_Chess960` with an error line
#   garbage           answers `go` with a line that is no perft output
#   king-destination  writes castling as the king's destination (e1g1) despite UCI_Chess960
mode="$1"
answered=0
while IFS= read -r line; do
  case "$line" in
    uci)
      echo "id name fake $mode"
      [ "$mode" = no960 ] || echo "option name UCI_Chess960 type check default false"
      echo "uciok" ;;
    "setoption name UCI_Chess960"*)
      [ "$mode" = refuse ] && echo "error: Chess960 is not supported" ;;
    isready)
      echo "readyok" ;;
    go*)
      case "$mode" in
        hang) ;;
        hang-after-3)
          if [ "$answered" -lt 3 ]; then
            answered=$((answered + 1))
            printf 'e1d1: 1\n\nNodes searched: 1\n\n'
          fi ;;
        crash)
          echo "fake engine: segmentation fault" >&2
          exit 3 ;;
        garbage)
          printf 'e1d1: 1\nbananas\n' ;;
        king-destination)
          printf 'e1g1: 1\ne1c1: 1\ne1f1: 1\n\nNodes searched: 3\n\n' ;;
      esac ;;
    quit)
      exit 0 ;;
  esac
done
