(function () {
  'use strict';
  var D = JSON.parse(document.getElementById('data').textContent);
  var $ = function (id) { return document.getElementById(id); };
  var V = D.verdicts;
  var GLYPH = { K: '\u2654', Q: '\u2655', R: '\u2656', B: '\u2657', N: '\u2658', P: '\u2659' };
  var NAME = { K: 'king', Q: 'queen', R: 'rook', B: 'bishop', N: 'knight', P: 'pawn' };
  var SIDES = ['a-side (O-O-O)', 'h-side (O-O)'];
  var COUNT = D.cells.length;

  // Word-coded texts: one character for the most frequent words, two for the others.
  var B = D.alphabet.length, S = D.single, CODE = new Int16Array(128).fill(-1);
  for (var i = 0; i < B; i++) CODE[D.alphabet.charCodeAt(i)] = i;
  function decode(s, words, single) {
    if (!s) return '';
    var out = [];
    for (var j = 0; j < s.length;) {
      var c = CODE[s.charCodeAt(j++)];
      out.push(c < single ? words[c] : words[single + (c - single) * B + CODE[s.charCodeAt(j++)]]);
    }
    return out.join(' ');
  }
  function dec(s) { return decode(s, D.words, S); }
  function decPgn(s) { return decode(s, D.pgn_words, D.pgn_single); }
  function rankOf(sp) { return D.ranks.substr(sp * 8, 8); }
  function chipText(v, moves) { return v === 0 ? 'N' + moves : v === 1 ? 'P' : v === 2 ? 'A' : '?'; }
  function esc(t) { return String(t).replace(/[&<>"]/g, function (c) { return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]; }); }

  // ---- Naming an arrangement: the rules of castle960's parse_any. ----
  var KNIGHT_PAIRS = [[0, 1], [0, 2], [0, 3], [0, 4], [1, 2], [1, 3], [1, 4], [2, 3], [2, 4], [3, 4]];
  // The Scharnagl number of a valid back rank, computed as Arrangement::sp does.
  function spOf(rank) {
    var light = -1, dark = -1;
    for (var f = 0; f < 8; f++) if (rank[f] === 'B') { if (f % 2 === 1) light = (f - 1) / 2; else dark = f / 2; }
    var noB = rank.replace(/B/g, ''), queen = noB.indexOf('Q'), rest = noB.replace('Q', '');
    var slots = [];
    for (var k = 0; k < 5; k++) if (rest[k] === 'N') slots.push(k);
    var knights = -1;
    KNIGHT_PAIRS.forEach(function (p, n) { if (p[0] === slots[0] && p[1] === slots[1]) knights = n; });
    return ((knights * 6 + queen) * 4 + dark) * 4 + light;
  }
  function asciiUpper(t) { return t.replace(/[a-z]/g, function (c) { return c.toUpperCase(); }); }
  // One character as Rust's escape_debug writes it; `quotes` says which quotes are escaped.
  function escChar(c, quotes) {
    var named = { '\t': '\\t', '\r': '\\r', '\n': '\\n', '\\': '\\\\', '\0': '\\0' };
    if (named[c]) return named[c];
    if (quotes.indexOf(c) >= 0) return '\\' + c;
    var code = c.codePointAt(0);
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) return '\\u{' + code.toString(16) + '}';
    return c;
  }
  // User input as castle960's messages quote it: escaped, cut after 60 characters with '…'.
  function quote(input) {
    var out = '"', shown = 0, chars = Array.from(input);
    for (var i = 0; i < chars.length; i++) {
      var e = escChar(chars[i], '"\'');
      if (shown + Array.from(e).length > 60) { out += '\u2026'; break; }
      shown += Array.from(e).length;
      out += e;
    }
    return out + '"';
  }
  // A character as Rust's Debug formatting of a char writes it: 'x'.
  function charDebug(c) { return "'" + escChar(c, "'") + "'"; }
  var ACCEPTED = 'accepted: an SP from 0 to 959 (also as SP518), a back rank like RNBQKBNR, or a start-position FEN';
  function fromRank(input) {
    var letters = Array.from(asciiUpper(input)), raw = Array.from(input);
    if (letters.length !== 8) throw quote(input) + ' has ' + letters.length + ' characters: a back rank is 8 letters, one per file a to h, from KQRRBBNN; ' + ACCEPTED;
    for (var f = 0; f < 8; f++) {
      if ('KQRBN'.indexOf(letters[f]) < 0) throw quote(input) + ': ' + charDebug(raw[f]) + ' on the ' + 'abcdefgh'[f] + '-file is not a piece letter: use K, Q, R, B and N; ' + ACCEPTED;
    }
    var wrong = [];
    [['K', 1], ['Q', 1], ['R', 2], ['B', 2], ['N', 2]].forEach(function (p) {
      var n = letters.filter(function (l) { return l === p[0]; }).length;
      if (n !== p[1]) wrong.push(n + ' ' + p[0]);
    });
    if (wrong.length) throw quote(input) + ' has ' + wrong.join(', ') + ': a back rank has exactly one K, one Q, two R, two B and two N';
    var rank = letters.join(''), bishops = [], rooks = [];
    for (f = 0; f < 8; f++) { if (rank[f] === 'B') bishops.push(f); if (rank[f] === 'R') rooks.push(f); }
    if (bishops[0] % 2 === bishops[1] % 2) throw quote(input) + ' puts both bishops on ' + (bishops[0] % 2 === 0 ? 'dark' : 'light') + ' squares: Chess960 needs one bishop on a light and one on a dark square';
    var king = rank.indexOf('K');
    if (!(rooks[0] < king && king < rooks[1])) throw quote(input) + ' does not have the king between the rooks, which Chess960 requires';
    return spOf(rank);
  }
  function shredder(rank) {
    var up = '', rooks = [];
    for (var f = 0; f < 8; f++) if (rank[f] === 'R') rooks.push('abcdefgh'[f]);
    up = rooks[1].toUpperCase() + rooks[0].toUpperCase();
    return up + rooks[1] + rooks[0];
  }
  function fenOf(sp) {
    var r = rankOf(sp);
    return r.toLowerCase() + '/pppppppp/8/8/8/8/PPPPPPPP/' + r + ' w ' + shredder(r) + ' - 0 1';
  }
  // The start position in lichess's analysis board: its X-FEN (castling KQkq: both rooks are
  // the outermost ones), spaces as underscores (castle960::notation::lichess).
  function lichessUrl(sp) {
    var r = rankOf(sp);
    return D.lichess + r.toLowerCase() + '/pppppppp/8/8/8/8/PPPPPPPP/' + r + '_w_KQkq_-_0_1';
  }
  function placementRows(field) {
    var rows = field.split('/');
    if (rows.length !== 8) throw 'the placement has ' + rows.length + " ranks separated by '/', not 8";
    return rows.map(function (row, i) {
      var sq = [];
      Array.from(row).forEach(function (c) {
        if (c >= '1' && c <= '8') { for (var n = 0; n < +c; n++) sq.push('.'); }
        else if ('KQRBNPkqrbnp'.indexOf(c) >= 0) sq.push(c);
        else throw charDebug(c) + ' is neither a piece letter nor a digit 1-8';
      });
      if (sq.length !== 8) throw 'rank ' + (8 - i) + ' describes ' + sq.length + ' squares, not 8';
      return sq;
    });
  }
  function wholeU32(t) { return /^\+?[0-9]+$/.test(t) && Number(t.replace('+', '')) <= 4294967295; }
  // Which rule of a start position's placement the ranks (eighth first) break, as castle960 says.
  function startRankRuleBroken(ranks) {
    var squares = function (rank, ok) {
      var row = ranks[8 - rank];
      for (var f = 0; f < 8; f++) {
        var c = row[f];
        if (!ok(c)) return 'abcdefgh'[f] + rank + ' ' + (c === '.' ? 'is empty' : "holds '" + c + "'");
      }
      return null;
    };
    var rules = [
      [1, function (c) { return 'KQRBN'.indexOf(c) >= 0; }, "rank 1 must hold White's pieces, in upper case (K, Q, R, B, N)"],
      [2, function (c) { return c === 'P'; }, "rank 2 must hold White's eight pawns (P)"],
      [7, function (c) { return c === 'p'; }, "rank 7 must hold Black's eight pawns (p)"],
      [8, function (c) { return 'kqrbn'.indexOf(c) >= 0; }, "rank 8 must hold Black's pieces, in lower case (k, q, r, b, n)"]
    ];
    for (var i = 0; i < rules.length; i++) {
      var found = squares(rules[i][0], rules[i][1]);
      if (found) return rules[i][2] + ', but ' + found;
    }
    for (var rank = 3; rank <= 6; rank++) {
      var empty = squares(rank, function (c) { return c === '.'; });
      if (empty) return 'ranks 3 to 6 must be empty, but ' + empty;
    }
    return null;
  }
  function fromFen(input) {
    var malformed = function (r) { return 'malformed FEN ' + quote(input) + ': ' + r + ' (expected e.g. "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1")'; };
    var notStart = function (r) { return 'FEN ' + quote(input) + ' is not a Chess960 start position: ' + r; };
    var f = input.split(/\s+/).filter(Boolean);
    if (f.length !== 4 && f.length !== 6) throw malformed('it has ' + f.length + ' fields, a FEN has 6 (or 4 without the move counters)');
    var ranks;
    try { ranks = placementRows(f[0]); } catch (e) { throw malformed(e); }
    if (f[1] !== 'w' && f[1] !== 'b') throw malformed("the side to move must be 'w' or 'b'");
    if (f[3] !== '-' && !/^[a-h][1-8]$/.test(f[3])) throw malformed("the en-passant field must be '-' or a square");
    if (f.length === 6 && (!wholeU32(f[4]) || !wholeU32(f[5]))) throw malformed('the move counters must be whole numbers');
    var broken = startRankRuleBroken(ranks);
    if (broken) throw notStart(broken);
    var white = ranks[7].join('');
    var sp;
    try { sp = fromRank(white); } catch (e) { throw notStart("White's back rank: " + e); }
    var black = ranks[0].join('');
    if (black !== white.toLowerCase()) throw notStart("Black's back rank " + black + " does not mirror White's " + white);
    if (f[1] !== 'w') throw notStart('it must be White to move');
    if (f[3] !== '-') throw notStart('there is no en-passant square at the start');
    if (f.length === 6 && (f[4] !== '0' || f[5] !== '1')) throw notStart('the move counters of a start position are "0 1"');
    var expected = shredder(rankOf(sp));
    var sorted = function (t) { return Array.from(t).sort().join(''); };
    if (sorted(f[2]) !== sorted(expected) && sorted(f[2]) !== sorted('KQkq')) throw notStart('the castling field must grant all four rights, "' + expected + '" or "KQkq", not ' + quote(f[2]));
    return sp;
  }
  // An SP (also as SP518), a back rank or a start FEN, as `castle960 show` reads them (Rust's
  // parse_any); throws the message it prints.
  function parseAny(input) {
    var t = input.trim();
    var whole = function (s) { return /^[-+]?[0-9]+$/.test(s); };
    var number = /^[sS][pP]/.test(t) ? t.slice(2).replace(/^\s+/, '') : t;
    if (whole(number)) {
      var digits = number.replace(/^\+/, '');
      var n = /^[0-9]+$/.test(digits) ? Number(digits) : NaN;
      if (!(n <= 65535)) throw quote(t) + ' is out of range: a Scharnagl number (SP) is a whole number from 0 to 959';
      if (n >= COUNT) throw quote(String(n)) + ' is out of range: a Scharnagl number (SP) is a whole number from 0 to 959';
      return n;
    }
    if (t.indexOf('/') >= 0) return fromFen(t);
    var numberLike = function (s) { return /^[\p{N}.]/u.test(s); };
    if (numberLike(t.replace(/^[-+]/, '')) || (number !== t && numberLike(number))) {
      throw quote(t) + ' is not a whole number: an SP is written as digits only, like 518; ' + ACCEPTED;
    }
    if (/\s/.test(t)) return fromFen(t);
    return fromRank(t);
  }

  // ---- Overview ----
  var grid = $('grid'), cells = [];
  (function build() {
    var html = [];
    for (var sp = 0; sp < COUNT; sp++) {
      var c = D.cells[sp], r = rankOf(sp), label = 'SP ' + sp + ' ' + r;
      var strip = '';
      for (var f = 0; f < 8; f++) strip += '<i>' + GLYPH[r[f]] + '</i>';
      var bar = '';
      for (var s = 0; s < 2; s++) {
        var v = c[s], agrees = c[2 + s];
        label += ', ' + SIDES[s] + ' ' + V[v] + (v === 0 ? ' in ' + c[4 + s] + ' moves' : '') + (agrees ? '' : ', rule disagrees');
        bar += '<span class="v' + v + (agrees ? '' : ' x') + '">' + chipText(v, c[4 + s]) + '</span>';
      }
      html.push('<a class="cell" role="listitem" id="c' + sp + '" href="#sp=' + sp + '" tabindex="' + (sp ? -1 : 0) +
        '" aria-label="' + label + '" data-va="' + V[c[0]] + '" data-vh="' + V[c[1]] + '"><span class="n"><b>SP ' + sp + '</b><span>' + r +
        '</span></span><span class="strip" aria-hidden="true">' + strip + '</span><span class="bar" aria-hidden="true">' + bar + '</span></a>');
    }
    grid.innerHTML = html.join('');
    cells = Array.prototype.slice.call(grid.children);
  })();

  // Filters, with the choices the data has.
  var maxMoves = 0, verdictCount = [0, 0, 0, 0];
  D.cells.forEach(function (c) {
    maxMoves = Math.max(maxMoves, c[4], c[5]);
    verdictCount[c[0]]++; verdictCount[c[1]]++;
  });
  ['fa', 'fh'].forEach(function (id) {
    V.forEach(function (v, k) { if (verdictCount[k]) $(id).insertAdjacentHTML('beforeend', '<option value="' + k + '">' + v + '</option>'); });
  });
  for (var m = 0; m <= maxMoves; m++) $('fm').insertAdjacentHTML('beforeend', '<option value="' + m + '">' + (m === 0 ? 'castles at once' : 'castles within ' + m + ' move' + (m > 1 ? 's' : '')) + '</option>');
  function applyFilters() {
    var fa = $('fa').value, fh = $('fh').value, fr = $('fr').value, fm = $('fm').value, fq = $('fq').value, shown = 0;
    cells.forEach(function (cell, sp) {
      var c = D.cells[sp], ok = true;
      if (fa !== '' && c[0] !== +fa) ok = false;
      if (fh !== '' && c[1] !== +fh) ok = false;
      if (fr === 'agree' && !(c[2] && c[3])) ok = false;
      if (fr === 'disagree' && c[2] && c[3]) ok = false;
      if (fm !== '') {
        var best = [c[4], c[5]].filter(function (x) { return x >= 0; });
        if (!best.length || Math.min.apply(null, best) > +fm) ok = false;
      }
      if (fq !== '' && c[6] !== +fq) ok = false;
      cell.hidden = !ok;
      if (ok) shown++;
    });
    $('count').textContent = 'Showing ' + shown + ' of ' + COUNT + ' arrangements';
    var current = cells.filter(function (c) { return c.tabIndex === 0; })[0];
    if (!current || current.hidden) rove(cells.filter(function (c) { return !c.hidden; })[0]);
  }
  // The filters live in the URL fragment (#fa=2&fr=disagree), so that a filtered view can be
  // shared and survives a visit to one arrangement; the fragment is replaced, not pushed, so the
  // back button does not step through every change of a filter.
  var FILTERS = ['fa', 'fh', 'fr', 'fm', 'fq'], overviewFragment = '';
  function filterFragment() {
    return FILTERS.filter(function (id) { return $(id).value !== ''; })
      .map(function (id) { return id + '=' + encodeURIComponent($(id).value); }).join('&');
  }
  function fragmentParams(hash) {
    var params = {};
    hash.replace(/^#/, '').split('&').forEach(function (pair) {
      var at = pair.indexOf('=');
      if (at > 0) { try { params[pair.slice(0, at)] = decodeURIComponent(pair.slice(at + 1)); } catch (e) { /* not ours */ } }
    });
    return params;
  }
  // Sets the filters from the fragment's parameters; a value no option has is left out.
  function setFilters(params) {
    FILTERS.forEach(function (id) {
      var select = $(id), want = params[id] || '';
      select.value = want;
      if (select.value !== want) select.value = '';
    });
  }
  function saveFilters() {
    overviewFragment = filterFragment();
    $('back').href = '#' + overviewFragment;
    try {
      history.replaceState(null, '', overviewFragment ? '#' + overviewFragment : location.pathname + location.search);
    } catch (e) {
      location.replace('#' + overviewFragment); // routes again to the same filters
    }
  }
  $('filters').addEventListener('change', function () { applyFilters(); saveFilters(); });
  $('filters').addEventListener('reset', function () { setTimeout(function () { applyFilters(); saveFilters(); }, 0); });

  // One tab stop for the grid; arrow keys move between the visible strips.
  function rove(cell, focus) {
    if (!cell) return;
    cells.forEach(function (c) { if (c.tabIndex === 0) c.tabIndex = -1; });
    cell.tabIndex = 0;
    if (focus) cell.focus();
  }
  grid.addEventListener('keydown', function (e) {
    var visible = cells.filter(function (c) { return !c.hidden; });
    var at = visible.indexOf(document.activeElement);
    if (at < 0 || e.altKey || e.ctrlKey || e.metaKey) return;
    var top = visible[0].offsetTop, cols = 0;
    while (cols < visible.length && visible[cols].offsetTop === top) cols++;
    var to = { ArrowRight: at + 1, ArrowLeft: at - 1, ArrowDown: at + cols, ArrowUp: at - cols, Home: 0, End: visible.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    rove(visible[Math.max(0, Math.min(visible.length - 1, to))], true);
  });
  grid.addEventListener('focusin', function (e) { if (e.target.classList.contains('cell')) rove(e.target); });

  $('search').addEventListener('submit', function (e) {
    e.preventDefault();
    var msg = $('q-msg');
    try {
      var sp = parseAny($('q').value);
      msg.className = 'msg';
      msg.textContent = 'SP ' + sp + ' ' + rankOf(sp);
      location.hash = 'sp=' + sp;
    } catch (err) {
      msg.className = 'msg err';
      msg.textContent = String(err);
    }
  });

  // ---- Boards ----
  function makeBoard(el, size) {
    el.className = 'board ' + size;
    var html = '';
    for (var r = 7; r >= 0; r--) for (var f = 0; f < 8; f++) {
      html += '<div class="' + ((f + r) % 2 ? 'l' : 'd') + '" data-sq="' + 'abcdefgh'[f] + (r + 1) + '"' +
        (r === 0 ? ' data-f="' + 'abcdefgh'[f] + '"' : '') + (f === 0 ? ' data-r="' + (r + 1) + '"' : '') + '></div>';
    }
    el.innerHTML = html;
    return el;
  }
  function sqName(i) { return 'abcdefgh'[i % 8] + (Math.floor(i / 8) + 1); }
  function drawBoard(el, pos, marks, title) {
    var kids = el.children, names = [];
    for (var k = 0; k < 64; k++) {
      var r = 7 - Math.floor(k / 8), f = k % 8, i = f + 8 * r, man = pos[i];
      kids[k].textContent = man ? GLYPH[man] : '';
      kids[k].classList.toggle('hl', marks.indexOf(i) >= 0);
    }
    for (var j = 0; j < 64; j++) if (pos[j] && pos[j] !== 'P') names.push(NAME[pos[j]] + ' ' + sqName(j));
    var pawns = [];
    for (j = 0; j < 64; j++) if (pos[j] === 'P') pawns.push(sqName(j));
    el.setAttribute('aria-label', title + '. White: ' + names.join(', ') + '; pawns ' + pawns.join(' ') + '.');
  }
  function placement(pos) {
    var rows = [];
    for (var r = 7; r >= 0; r--) {
      var row = '', empty = 0;
      for (var f = 0; f < 8; f++) {
        var man = pos[f + 8 * r];
        if (man) { if (empty) row += empty; empty = 0; row += man; } else empty++;
      }
      rows.push(row + (empty ? empty : ''));
    }
    return rows.join('/');
  }
  // Every position of a game of coordinate moves, with the squares each move touched.
  function replay(sp, moves) {
    var rank = rankOf(sp), pos = new Array(64).fill(null);
    for (var f = 0; f < 8; f++) { pos[f] = rank[f]; pos[8 + f] = 'P'; }
    var king = rank.indexOf('K'), rooks = [rank.indexOf('R'), rank.lastIndexOf('R')];
    var out = [{ pos: pos.slice(), marks: [] }];
    moves.forEach(function (mv) {
      var marks;
      if (mv === 'O-O' || mv === 'O-O-O') {
        var s = mv === 'O-O' ? 1 : 0, rook = rooks[s], kTo = s ? 6 : 2, rTo = s ? 5 : 3;
        pos[king] = null; pos[rook] = null; pos[kTo] = 'K'; pos[rTo] = 'R';
        marks = [king, rook, kTo, rTo];
      } else {
        var from = (mv.charCodeAt(0) - 97) + 8 * (mv.charCodeAt(1) - 49), to = (mv.charCodeAt(2) - 97) + 8 * (mv.charCodeAt(3) - 49);
        pos[to] = pos[from]; pos[from] = null; marks = [from, to];
      }
      out.push({ pos: pos.slice(), marks: marks });
    });
    return out;
  }

  // ---- One arrangement ----
  var big = makeBoard($('board'), 'big');
  var state = null;
  function words(s) { var t = dec(s); return t ? t.split(' ') : []; }
  function gameOf(sp, side, which) {
    var d = D.sides[sp][side];
    var moves = words(which === 'walk' ? d.walk : d.castle), san = words(which === 'walk' ? d.walk_san : d.castle_san);
    return { moves: moves, san: san, positions: replay(sp, moves) };
  }
  function show(sp, side) {
    var c = D.cells[sp], d = D.sides[sp][side], rank = rankOf(sp);
    state = { sp: sp, side: side, game: 'castle', ply: 0 };
    $('v-title').innerHTML = 'SP ' + sp + ' <span class="aside">' + rank + '</span>';
    document.title = 'SP ' + sp + ' ' + rank + ' - castle960 gallery';
    $('v-fen').textContent = fenOf(sp);
    $('v-lichess').href = lichessUrl(sp);
    $('prev').href = '#sp=' + ((sp + COUNT - 1) % COUNT) + '&side=' + 'ah'[side];
    $('next').href = '#sp=' + ((sp + 1) % COUNT) + '&side=' + 'ah'[side];
    [0, 1].forEach(function (s) {
      var tab = $(s ? 'tab-h' : 'tab-a');
      tab.innerHTML = esc(SIDES[s]) + '<span class="chip v' + c[s] + (c[2 + s] ? '' : ' x') + '">' + chipText(c[s], c[4 + s]) + '</span>';
      tab.setAttribute('aria-selected', String(s === side));
      tab.tabIndex = s === side ? 0 : -1;
    });
    var v = c[side];
    $('v-verdict').innerHTML = esc(SIDES[side]) + ': <span class="chip v' + v + '">' + chipText(v, c[4 + side]) + '</span> ' + V[v] +
      (c[2 + side] ? ' (the closed-form rule agrees)' : ' &mdash; the closed-form rule claims ' + V[d.rule] + ': they disagree');
    var hasWalk = !!d.walk;
    $('walk-choice').hidden = !hasWalk;
    document.querySelector('input[name=game][value=castle]').checked = true;
    state.castle = gameOf(sp, side, 'castle');
    state.walk = hasWalk ? gameOf(sp, side, 'walk') : null;
    // The castled position beside the walked one.
    var cmp = $('compare'), figs = [], castle = state.castle, after = castle.moves.indexOf(side ? 'O-O' : 'O-O-O');
    var fig = function (id, caption) { figs.push('<figure><figcaption>' + caption + '</figcaption><div id="' + id + '"></div></figure>'); };
    if (after >= 0) fig('cmp-castled', 'Right after castling (move ' + (after + 1) + ')');
    if (hasWalk) {
      fig('cmp-castle-end', 'End of the castling game');
      fig('cmp-walk-end', 'End of the castle-free walk');
    }
    cmp.innerHTML = figs.join('') + '<p class="note" id="cmp-note"></p>';
    if (after >= 0) drawBoard(makeBoard($('cmp-castled'), 'small'), castle.positions[after + 1].pos, castle.positions[after + 1].marks, 'Right after castling');
    var note = '';
    if (hasWalk) {
      var endC = castle.positions[castle.positions.length - 1], endW = state.walk.positions[state.walk.positions.length - 1];
      drawBoard(makeBoard($('cmp-castle-end'), 'small'), endC.pos, [], 'End of the castling game');
      drawBoard(makeBoard($('cmp-walk-end'), 'small'), endW.pos, [], 'End of the castle-free walk');
      note = placement(endC.pos) === placement(endW.pos)
        ? 'Both games end with White\u2019s men on the same squares: the walk gets there without castling.'
        : 'The two games end in different placements.';
    } else if (v === 0) {
      note = 'No pawn has moved, yet king and rook have changed order: with the pawns at home they cannot pass each other on the first rank, so only castling reaches this position.';
    } else if (v === 1) {
      note = 'No castle-free game reaches this placement (exhaustive search): the position requires castling.';
    } else if (after < 0) {
      note = 'Castling does not become legal within the search bound.';
    }
    $('cmp-note').textContent = note;
    // The reasons, as `castle960 show` words them: a paragraph each, flowing as prose.
    $('why').innerHTML = dec(d.text).split('\n').map(function (paragraph, k) {
      return '<p' + (k ? '' : ' class="head"') + '>' + esc(paragraph.trim()) + '</p>';
    }).join('');
    var link = lichessUrl(sp);
    var pgns = [decPgn(d.castle_pgn), decPgn(d.walk_pgn)].filter(Boolean).map(function (pgn) {
      return pgn.split(D.lichess_placeholder).join(link);
    });
    $('pgn').value = pgns.join('\n');
    $('pgn').rows = Math.min(16, $('pgn').value.split('\n').length + 1);
    $('copied').textContent = '';
    renderGame();
  }
  function currentGame() { return state.game === 'walk' && state.walk ? state.walk : state.castle; }
  function renderGame() {
    var g = currentGame();
    var list = $('moves');
    list.innerHTML = g.san.map(function (san, k) {
      var pawn = /^[a-h]/.test(san), castle = san.indexOf('O-O') === 0;
      return '<li><button type="button" data-ply="' + (k + 1) + '"' + (pawn ? ' class="pawn"' : castle ? ' class="castle"' : '') + '>' + esc(san) + '</button></li>';
    }).join('');
    go(state.ply);
  }
  function go(ply) {
    var g = currentGame(), n = g.positions.length - 1;
    state.ply = Math.max(0, Math.min(n, ply));
    var p = g.positions[state.ply];
    var what = state.game === 'walk' ? 'Castle-free walk' : 'Castling game';
    var label = state.ply === 0 ? 'Start position' : 'Move ' + state.ply + ' of ' + n + ': ' + g.san[state.ply - 1];
    drawBoard(big, p.pos, p.marks, what + ', ' + label);
    big.setAttribute('data-placement', placement(p.pos));
    $('step').textContent = n ? what + ' \u2014 ' + label : 'No game to show for this side.';
    var buttons = $('moves').querySelectorAll('button');
    for (var k = 0; k < buttons.length; k++) {
      if (k + 1 === state.ply) buttons[k].setAttribute('aria-current', 'step'); else buttons[k].removeAttribute('aria-current');
    }
    $('first').disabled = $('back1').disabled = state.ply === 0;
    $('fwd1').disabled = $('last').disabled = state.ply === n;
  }
  $('first').addEventListener('click', function () { go(0); });
  $('back1').addEventListener('click', function () { go(state.ply - 1); });
  $('fwd1').addEventListener('click', function () { go(state.ply + 1); });
  $('last').addEventListener('click', function () { go(Infinity); });
  $('moves').addEventListener('click', function (e) { var b = e.target.closest('button'); if (b) go(+b.dataset.ply); });
  document.querySelectorAll('input[name=game]').forEach(function (r) {
    r.addEventListener('change', function () { state.game = r.value; state.ply = 0; renderGame(); });
  });
  ['tab-a', 'tab-h'].forEach(function (id, s) {
    $(id).addEventListener('click', function () { location.hash = 'sp=' + state.sp + '&side=' + 'ah'[s]; });
    $(id).addEventListener('keydown', function (e) {
      if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
        e.preventDefault();
        location.hash = 'sp=' + state.sp + '&side=' + 'ah'[1 - s];
        $(s ? 'tab-a' : 'tab-h').focus();
      }
    });
  });
  document.addEventListener('keydown', function (e) {
    if ($('view').hidden || e.altKey || e.ctrlKey || e.metaKey) return;
    var t = e.target, tag = t.tagName;
    if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || t.getAttribute('role') === 'tab') return;
    var step = { ArrowLeft: state.ply - 1, ArrowRight: state.ply + 1, Home: 0, End: Infinity }[e.key];
    if (step !== undefined) { e.preventDefault(); go(step); }
    else if (e.key === 'Escape') { location.hash = overviewFragment; }
  });
  $('copy').addEventListener('click', function () {
    var area = $('pgn'), done = function () { $('copied').textContent = 'Copied.'; };
    var fallback = function () { area.select(); try { document.execCommand('copy'); done(); } catch (e) { $('copied').textContent = 'Select the text and copy it.'; } };
    if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(area.value).then(done, fallback); else fallback();
  });

  // ---- Routing: #sp=N (optionally &side=a or &side=h) opens one arrangement. ----
  var overviewScroll = 0, lastSp = null;
  function route() {
    var m = /^#sp=([0-9]+)(?:&side=([ah]))?$/.exec(location.hash);
    var sp = m ? Number(m[1]) : -1;
    if (sp >= 0 && sp < COUNT) {
      if ($('view').hidden) overviewScroll = window.scrollY;
      $('overview').hidden = true;
      $('view').hidden = false;
      var c = D.cells[sp];
      // Without a side named, open the more interesting one: a disagreement, else the a-side.
      var side = m[2] ? 'ah'.indexOf(m[2]) : (c[2] && !c[3] ? 1 : 0);
      show(sp, side);
      lastSp = sp;
      window.scrollTo(0, 0);
      $('v-title').focus({ preventScroll: true });
    } else {
      var wasView = !$('view').hidden;
      setFilters(fragmentParams(location.hash));
      applyFilters();
      overviewFragment = filterFragment();
      $('back').href = '#' + overviewFragment;
      $('view').hidden = true;
      $('overview').hidden = false;
      document.title = 'castle960 gallery: castling in the 960 Chess960 arrangements';
      if (wasView) {
        window.scrollTo(0, overviewScroll);
        if (lastSp !== null) { rove(cells[lastSp]); if (!cells[lastSp].hidden) cells[lastSp].focus({ preventScroll: true }); }
      }
    }
  }
  window.addEventListener('hashchange', route);
  route();
  window.castle960 = { parseAny: parseAny, spOf: spOf, rankOf: rankOf, placement: placement, dec: dec };
  if (window.performance && performance.mark) performance.mark('gallery-ready');
})();
