//! Test helpers shared by the test files: an independent SAN reader on top of cozy-chess, which
//! replays White's lines from the full Chess960 start position with Black standing and passing.

#![allow(dead_code)]

use cozy_chess::{Board, Color, File, Move, Piece, Rank, Square};

/// What a replayed line showed.
pub struct Replay {
    /// The position after the last move.
    pub board: Board,
    /// How many of the moves were pawn moves.
    pub pawn_moves: usize,
    /// The castling side of the last move, if it was castling: 'a' (O-O-O) or 'h' (O-O).
    pub last_castle: Option<char>,
    /// Whether any move other than the last was castling.
    pub castled_before_last: bool,
    /// The square each move started from, in order: the man that began on a square never moved
    /// if no move started there.
    pub moved_from: Vec<Square>,
}

fn piece_of(letter: char) -> Option<Piece> {
    Some(match letter {
        'K' => Piece::King,
        'Q' => Piece::Queen,
        'R' => Piece::Rook,
        'B' => Piece::Bishop,
        'N' => Piece::Knight,
        _ => return None,
    })
}

fn square_of(text: &str) -> Option<Square> {
    let b = text.as_bytes();
    if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
        return None;
    }
    Some(Square::new(
        File::index((b[0] - b'a') as usize),
        Rank::index((b[1] - b'1') as usize),
    ))
}

fn legal_moves(board: &Board) -> Vec<(Piece, Move)> {
    let mut out = Vec::new();
    board.generate_moves(|moves| {
        for mv in moves {
            out.push((moves.piece, mv));
        }
        false
    });
    out
}

/// Whether `mv` is castling in cozy-chess's encoding (the king takes its own rook).
fn is_castle(board: &Board, mv: Move) -> bool {
    board.piece_on(mv.from) == Some(Piece::King)
        && board.color_on(mv.to) == Some(board.side_to_move())
}

/// Finds the one legal move that a SAN string names, checking that the SAN is exactly right:
/// no capture or check marks (there are none in the model), and disambiguation present only when
/// needed (file first, then rank, then both, as the PGN standard says).
pub fn resolve_san(board: &Board, san: &str) -> Result<Move, String> {
    let moves = legal_moves(board);
    if san == "O-O" || san == "O-O-O" {
        let king = board.king(board.side_to_move());
        let wanted_right = san == "O-O";
        let found: Vec<Move> = moves
            .iter()
            .map(|&(_, m)| m)
            .filter(|&m| is_castle(board, m))
            .filter(|m| (m.to.file() > king.file()) == wanted_right)
            .collect();
        return match found[..] {
            [m] => Ok(m),
            _ => Err(format!("{san} is not legal in {board}")),
        };
    }
    if san.contains(['x', '+', '#', '=']) {
        return Err(format!(
            "{san}: the model has no captures, checks or promotions"
        ));
    }
    let (piece, rest) = match san.chars().next().and_then(piece_of) {
        Some(p) => (p, &san[1..]),
        None => (Piece::Pawn, san),
    };
    if rest.len() < 2 {
        return Err(format!("{san}: no destination square"));
    }
    let to = square_of(&rest[rest.len() - 2..]).ok_or_else(|| format!("{san}: bad destination"))?;
    let qualifier = &rest[..rest.len() - 2];
    if piece == Piece::Pawn && !qualifier.is_empty() {
        return Err(format!("{san}: a pawn push carries no qualifier"));
    }
    let candidates: Vec<Move> = moves
        .iter()
        .filter(|&&(p, m)| p == piece && m.to == to && !is_castle(board, m))
        .map(|&(_, m)| m)
        .collect();
    let matches_qualifier = |m: &Move, q: &str| {
        q.chars().all(|c| match c {
            'a'..='h' => m.from.file() == File::index((c as u8 - b'a') as usize),
            '1'..='8' => m.from.rank() == Rank::index((c as u8 - b'1') as usize),
            _ => false,
        })
    };
    let chosen: Vec<Move> = candidates
        .iter()
        .copied()
        .filter(|m| matches_qualifier(m, qualifier))
        .collect();
    let [mv] = chosen[..] else {
        return Err(format!(
            "{san} names {} legal moves in {board}",
            chosen.len()
        ));
    };
    // The shortest qualifier that picks out the move must be the one written.
    let file_q = ((b'a' + mv.from.file() as u8) as char).to_string();
    let rank_q = ((b'1' + mv.from.rank() as u8) as char).to_string();
    let expected = [
        String::new(),
        file_q.clone(),
        rank_q.clone(),
        format!("{file_q}{rank_q}"),
    ]
    .into_iter()
    .find(|q| {
        candidates
            .iter()
            .filter(|m| matches_qualifier(m, q))
            .count()
            == 1
    })
    .unwrap();
    if qualifier != expected {
        return Err(format!(
            "{san}: SAN wants qualifier {expected:?}, not {qualifier:?}"
        ));
    }
    Ok(mv)
}

/// Replays White's SAN moves from `fen` (the full start position, Black standing), with Black
/// passing by null moves in between. Fails on any illegal or mis-written move, or when Black
/// could not pass (it would be in check).
pub fn replay_white_line(fen: &str, san_moves: &[&str]) -> Result<Replay, String> {
    let mut board = Board::from_fen(fen, true).map_err(|e| format!("{fen}: {e:?}"))?;
    let mut replay_pawns = 0;
    let mut last_castle = None;
    let mut castled_before_last = false;
    let mut moved_from = Vec::new();
    for (i, san) in san_moves.iter().enumerate() {
        let mv = resolve_san(&board, san).map_err(|e| format!("move {} {san}: {e}", i + 1))?;
        moved_from.push(mv.from);
        if board.piece_on(mv.from) == Some(Piece::Pawn) {
            replay_pawns += 1;
        }
        let castle = is_castle(&board, mv);
        if castle && i + 1 < san_moves.len() {
            castled_before_last = true;
        }
        last_castle = castle.then(|| {
            if mv.to.file() > mv.from.file() {
                'h'
            } else {
                'a'
            }
        });
        board
            .try_play(mv)
            .map_err(|_| format!("move {} {san} rejected by cozy-chess", i + 1))?;
        board = board.null_move().ok_or_else(|| {
            format!(
                "after move {} {san} Black is in check and cannot pass",
                i + 1
            )
        })?;
    }
    Ok(Replay {
        board,
        pawn_moves: replay_pawns,
        last_castle,
        castled_before_last,
        moved_from,
    })
}

/// White's placement in a cozy-chess board as a FEN placement field (Black's men left out).
pub fn white_placement(board: &Board) -> String {
    placement(|index| {
        let sq = Square::index(index);
        let white = board.color_on(sq) == Some(Color::White);
        board.piece_on(sq).filter(|_| white).map(white_letter)
    })
}

/// The letter FEN writes for a white man of kind `piece`.
pub fn white_letter(piece: Piece) -> char {
    match piece {
        Piece::Pawn => 'P',
        Piece::Knight => 'N',
        Piece::Bishop => 'B',
        Piece::Rook => 'R',
        Piece::Queen => 'Q',
        Piece::King => 'K',
    }
}

/// A FEN placement field, rank 8 first: `man(index)` is the letter of the man on the square
/// `index` (file + 8 * rank, a1 = 0), `None` where none stands.
pub fn placement(man: impl Fn(usize) -> Option<char>) -> String {
    let mut ranks = Vec::new();
    for rank in (0..8).rev() {
        let mut text = String::new();
        let mut gap = 0;
        for file in 0..8 {
            match man(file + 8 * rank) {
                Some(letter) => {
                    if gap > 0 {
                        text.push_str(&gap.to_string());
                        gap = 0;
                    }
                    text.push(letter);
                }
                None => gap += 1,
            }
        }
        if gap > 0 {
            text.push_str(&gap.to_string());
        }
        ranks.push(text);
    }
    ranks.join("/")
}

/// Replays a PGN game with cozy-chess, both colours' moves, from its `[FEN]` header. Checks the
/// `[Variant "Chess960"]` and `[SetUp "1"]` headers and that the movetext is well formed.
pub fn replay_pgn(pgn: &str) -> Result<Board, String> {
    let header = |tag: &str| {
        pgn.lines()
            .find_map(|l| l.strip_prefix(&format!("[{tag} \"")))
            .and_then(|rest| rest.strip_suffix("\"]"))
            .map(str::to_string)
    };
    if header("Variant").as_deref() != Some("Chess960") {
        return Err("missing [Variant \"Chess960\"]".into());
    }
    if header("SetUp").as_deref() != Some("1") {
        return Err("missing [SetUp \"1\"]".into());
    }
    let fen = header("FEN").ok_or("missing [FEN]")?;
    let mut board = Board::from_fen(&fen, true).map_err(|e| format!("{fen}: {e:?}"))?;
    // Comments (`{...}`, possibly over several lines) are not moves.
    let mut text = String::new();
    let mut in_comment = false;
    for c in pgn
        .lines()
        .filter(|l| !l.starts_with('['))
        .flat_map(|l| l.chars().chain([' ']))
    {
        match c {
            '{' if !in_comment => in_comment = true,
            '}' if in_comment => in_comment = false,
            _ if !in_comment => text.push(c),
            _ => {}
        }
    }
    if in_comment {
        return Err("a comment is never closed".into());
    }
    let movetext: Vec<&str> = text.split_whitespace().collect();
    let Some((&"*", moves)) = movetext.split_last() else {
        return Err("the movetext must end with the result *".into());
    };
    let mut ply = 0;
    for token in moves {
        if let Some(number) = token.strip_suffix('.') {
            if number.parse::<usize>().ok() != Some(ply / 2 + 1) || ply % 2 != 0 {
                return Err(format!("move number {token} out of place"));
            }
            continue;
        }
        let mv = resolve_san(&board, token).map_err(|e| format!("ply {}: {e}", ply + 1))?;
        board
            .try_play(mv)
            .map_err(|_| format!("{token} rejected by cozy-chess"))?;
        ply += 1;
    }
    Ok(board)
}

/// Steps of a king (and, sliding, of a queen), as (files, ranks), for the tests' own move
/// generators, which share nothing with the library's.
pub const KING_DIRS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// A knight's jumps, for the tests' plain searches (written apart from the library's tables).
pub const KNIGHT_JUMPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// A rook's lines, for the tests' plain searches.
pub const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

/// A bishop's lines, for the tests' plain searches.
pub const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// One side of one row of the committed report: its arrangement and its per-side fields.
pub struct ReportedSide {
    /// The row's arrangement.
    pub arrangement: castle960::Arrangement,
    /// The side.
    pub side: castle960::CastlingSide,
    fields: std::collections::BTreeMap<String, String>,
}

impl ReportedSide {
    /// The side's field `name` (the column `{a,h}_name`).
    pub fn field(&self, name: &str) -> &str {
        let column = format!("{}_{name}", self.side.prefix());
        self.fields
            .get(&column)
            .unwrap_or_else(|| panic!("no column {column}"))
    }
}

/// Every side of the committed report (proved current by tests/cli/report_and_show.rs), in SP order, a before
/// h: the tests that check its games read it instead of running the analysis again.
pub fn reported_sides() -> Vec<ReportedSide> {
    let report = include_str!("../../output/chess960_castling.csv");
    let mut reader = csv::Reader::from_reader(report.as_bytes());
    let header = reader.headers().unwrap().clone();
    let mut out = Vec::new();
    for record in reader.records() {
        let record = record.unwrap();
        let fields: std::collections::BTreeMap<String, String> = header
            .iter()
            .zip(record.iter())
            .map(|(h, v)| (h.to_string(), v.to_string()))
            .collect();
        let sp = fields["sp"].parse().unwrap();
        for side in castle960::CastlingSide::BOTH {
            out.push(ReportedSide {
                arrangement: castle960::Arrangement::from_sp(sp).unwrap(),
                side,
                fields: fields.clone(),
            });
        }
    }
    out
}

/// A Debian-packaged program's path (`name` on PATH, or Debian's /usr/games), if installed.
/// Missing, the caller skips its test with a printed reason; but under CI (`CI` set), where
/// `.ci/run` installs every program the tests drive, a missing one fails the test instead, so
/// that a failed install can never pass for success.
pub fn debian_program(name: &str) -> Option<std::ffi::OsString> {
    let on_path = std::env::var_os("PATH")
        .is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join(name).is_file()));
    let games = std::path::Path::new("/usr/games").join(name);
    if on_path {
        return Some(name.into());
    }
    if games.is_file() {
        return Some(games.into_os_string());
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "{name} is missing under CI: .ci/run installs it (apt-get install {name})"
    );
    eprintln!("skipped: no {name} on PATH or in /usr/games (apt-get install {name})");
    None
}

/// Runs `command` with `input` on its standard input (written from a second thread, so that a
/// program answering as it reads cannot block on a full pipe), capturing standard output and
/// standard error.
pub fn run_with_input(command: &mut std::process::Command, input: &str) -> std::process::Output {
    use std::io::Write as _;
    use std::process::Stdio;
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_owned();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    output
}

/// A fake UCI engine that forks, written into a temporary directory by the test that uses it:
/// a shell script started through a wrapper script that does not `exec` it (as many engine
/// installations do), and which itself leaves a child running in the background (`sleep`)
/// that holds its standard output and error. Each of the three processes writes its process
/// id into the directory, so that a test can check that none of them is left once the referee
/// is done; dropping the engine kills whatever is left, so that a failing test cleans up too.
///
/// Modes: `answer` answers every `go` with a total of 0 (a difference, every time), `hang`
/// never answers `go`, `crash` exits with status 3 on `go` (its child still holding its
/// output).
pub struct ForkingEngine {
    dir: tempfile::TempDir,
}

impl ForkingEngine {
    /// Writes the two scripts.
    pub fn new() -> ForkingEngine {
        let dir = tempfile::tempdir().unwrap();
        let wrapper =
            "dir=$(dirname \"$0\")\necho $$ >> \"$dir/pids\"\nsh \"$dir/engine.sh\" \"$@\"\n";
        let engine = r#"dir=$(dirname "$0")
echo $$ >> "$dir/pids"
sleep 1000 &
echo $! >> "$dir/pids"
while IFS= read -r line; do
  case "$line" in
    uci) printf 'id name forking fake\noption name UCI_Chess960 type check default false\nuciok\n' ;;
    isready) echo readyok; : > "$dir/ready" ;;
    go*)
      case "$1" in
        answer) echo "Nodes searched: 0" ;;
        crash) echo "forking fake: gone" >&2; exit 3 ;;
      esac ;;
  esac
done
"#;
        std::fs::write(dir.path().join("wrapper.sh"), wrapper).unwrap();
        std::fs::write(dir.path().join("engine.sh"), engine).unwrap();
        ForkingEngine { dir }
    }

    /// The engine's command line in `mode`: program and arguments.
    pub fn command(&self, mode: &str) -> Vec<String> {
        let wrapper = self.dir.path().join("wrapper.sh");
        vec![
            "sh".to_string(),
            wrapper.to_str().unwrap().to_string(),
            mode.to_string(),
        ]
    }

    /// Whether the engine has answered `isready` (its handshake is done).
    pub fn ready(&self) -> bool {
        self.dir.path().join("ready").exists()
    }

    /// The process ids the scripts recorded.
    pub fn recorded(&self) -> Vec<u32> {
        std::fs::read_to_string(self.dir.path().join("pids"))
            .unwrap_or_default()
            .lines()
            .filter_map(|line| line.trim().parse().ok())
            .collect()
    }

    /// The recorded processes that still exist, running or as zombies nobody reaped.
    pub fn remaining(&self) -> Vec<u32> {
        self.recorded()
            .into_iter()
            .filter(|pid| std::path::Path::new(&format!("/proc/{pid}")).exists())
            .collect()
    }
}

impl Drop for ForkingEngine {
    fn drop(&mut self) {
        for pid in self.remaining() {
            let _ = std::process::Command::new("kill")
                .args(["-KILL", &pid.to_string()])
                .status();
        }
    }
}
