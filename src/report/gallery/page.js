(function () {
  'use strict';
  var D = JSON.parse(document.getElementById('data').textContent);
  var $ = function (id) { return document.getElementById(id); };
  var V = D.verdicts;
  var GLYPH = { K: '\u2654', Q: '\u2655', R: '\u2656', B: '\u2657', N: '\u2658', P: '\u2659' };
  var NAME = { K: 'king', Q: 'queen', R: 'rook', B: 'bishop', N: 'knight', P: 'pawn' };
  var SIDES = ['a-side (O-O-O)', 'h-side (O-O)'];
  var COUNT = D.cells.length;
  // The verdict words, and code 4 for a side where the rule allows no castling.
  var VN = V.concat(['no castling']);

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
  function chipText(v, moves) { return v === 0 ? 'N' + moves : v === 1 ? 'P' : v === 2 ? 'A' : v === 4 ? '\u2013' : '?'; }
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

  // ---- Castling rules: Chess960's (the data's cells and sides) and the others (D.rules). ----
  // Each other rule's castlings per SP and side, read from their fields (gallery.rs, RuleData),
  // and per SP the cells Chess960's have: [a verdict, h verdict, a agrees, h agrees, a fewest
  // moves, h fewest moves, requires castling], a side's verdict the best of its castlings' (4:
  // none), its fewest moves the fewest of those that castle without a pawn move.
  var RULES = [{ name: 'chess960', cells: D.cells }].concat(D.rules);
  // A castling's SAN as castle960 writes it under a rule (RuleData.naming).
  function castlingSan(naming, side, king, rook) {
    var at = function (f) { return 'abcdefgh'[f] + '1'; };
    return naming === 'side' ? ['O-O-O', 'O-O'][side] : naming === 'king' ? 'K~' + at(king) : 'K~' + at(king) + '/R~' + at(rook);
  }
  D.rules.forEach(function (rule) {
    rule.sp = rule.castlings.map(function (text) {
      var sides = [[], []], f = text ? text.split(' ') : [];
      for (var i = 0; i + 2 < f.length; i += 3) {
        var head = f[i], side = head[0] === 'a' ? 0 : 1, king = head.charCodeAt(1) - 97, rook = head.charCodeAt(2) - 97;
        sides[side].push({ side: side, king: king, rook: rook, v: +head[3], moves: head.length > 4 ? +head.slice(4) : -1,
          san: castlingSan(rule.naming, side, king, rook), castleField: f[i + 1], walkField: f[i + 2] });
      }
      return sides;
    });
    rule.cells = rule.sp.map(function (sides) {
      var c = [4, 4, 1, 1, -1, -1, 0];
      sides.forEach(function (list, s) {
        list.forEach(function (x) {
          c[s] = Math.min(c[s], x.v);
          if (x.moves >= 0 && (c[4 + s] < 0 || x.moves < c[4 + s])) c[4 + s] = x.moves;
        });
      });
      c[6] = c[0] <= 1 || c[1] <= 1 ? 1 : 0;
      return c;
    });
  });
  // A line written against a reference (gallery.rs, Delta): the reference's first words, the
  // middle, the reference's last words; the two counts are the field's first two characters.
  function undelta(reference, field) {
    var prefix = CODE[field.charCodeAt(0)], suffix = CODE[field.charCodeAt(1)];
    return reference.slice(0, prefix).concat(words(field.slice(2)), reference.slice(reference.length - suffix));
  }
  // The games of a side's castlings (a list of rule.sp), decoded in order once: each castling
  // game against the one before, each walk against its castling game or the walk before.
  function decodeSide(list) {
    if (list.decoded) return list;
    var castleBefore = [], walkBefore = [];
    list.forEach(function (x) {
      x.castleLine = undelta(castleBefore, x.castleField);
      x.walkLine = x.walkField ? undelta(x.walkField[0] === '0' ? x.castleLine : walkBefore, x.walkField.slice(1)) : [];
      if (x.walkField) walkBefore = x.walkLine;
      castleBefore = x.castleLine;
    });
    list.decoded = true;
    return list;
  }
  // Every castling of an arrangement under a rule, as the rules report lists them.
  function ruleCastlings(name, sp) {
    var rule = RULES.filter(function (r) { return r.name === name; })[0];
    return [0, 1].map(function (side) { return decodeSide(rule.sp[sp][side]); }).reduce(function (a, b) { return a.concat(b); }).map(function (x) {
      return { side: 'ah'[x.side], castling: x.san, king_to: 'abcdefgh'[x.king] + '1', rook_to: 'abcdefgh'[x.rook] + '1', verdict: VN[x.v],
        moves: x.moves >= 0 ? String(x.moves) : '', castle_line: x.castleLine.join(' '), walk_line: x.walkLine.join(' ') };
    });
  }
  var RULE = 0;
  function cellsOf() { return RULES[RULE].cells; }
  // What a fragment adds to name the rule: nothing for Chess960's.
  function ruleSuffix() { return RULE ? '&rule=' + RULES[RULE].name : ''; }
  // Chooses the rule named (Chess960's for a name no rule has): the grid, the filters' choices,
  // the numbers at the top and the legend follow it. Returns whether it changed.
  function setRule(name) {
    var k = 0;
    RULES.forEach(function (r, i) { if (r.name === name) k = i; });
    var radio = document.querySelector('input[name=rule][value="' + RULES[k].name + '"]');
    if (radio) radio.checked = true;
    if (k === RULE && cells.length) return false;
    RULE = k;
    document.querySelectorAll('[data-rule]').forEach(function (el) { el.hidden = el.getAttribute('data-rule') !== RULES[k].name; });
    var none = RULES[k].cells.some(function (c) { return c[0] === 4 || c[1] === 4; });
    document.querySelectorAll('[data-when]').forEach(function (el) {
      var when = el.getAttribute('data-when');
      el.hidden = when === 'none' ? !none : (when === 'chess960') !== (k === 0);
    });
    $('fr-label').hidden = k !== 0;
    if (k !== 0) $('fr').value = '';
    build();
    buildOptions();
    return true;
  }

  // ---- Overview ----
  var grid = $('grid'), cells = [];
  function build() {
    var html = [], all = cellsOf(), suffix = ruleSuffix(), focused = cells.indexOf(document.activeElement);
    for (var sp = 0; sp < COUNT; sp++) {
      var c = all[sp], r = rankOf(sp), label = 'SP ' + sp + ' ' + r;
      var strip = '';
      for (var f = 0; f < 8; f++) strip += '<i>' + GLYPH[r[f]] + '</i>';
      var bar = '';
      for (var s = 0; s < 2; s++) {
        var v = c[s], agrees = c[2 + s];
        label += ', ' + SIDES[s] + ' ' + VN[v] + (v === 0 ? ' in ' + c[4 + s] + ' moves' : '') + (agrees ? '' : ', rule disagrees');
        bar += '<span class="v' + (v === 4 ? 'n' : v) + (agrees ? '' : ' x') + '">' + chipText(v, c[4 + s]) + '</span>';
      }
      html.push('<a class="cell" role="listitem" id="c' + sp + '" href="#sp=' + sp + suffix + '" tabindex="' + (sp ? -1 : 0) +
        '" aria-label="' + label + '" data-va="' + VN[c[0]] + '" data-vh="' + VN[c[1]] + '"><span class="n"><b>SP ' + sp + '</b><span>' + r +
        '</span></span><span class="strip" aria-hidden="true">' + strip + '</span><span class="bar" aria-hidden="true">' + bar + '</span></a>');
    }
    grid.innerHTML = html.join('');
    cells = Array.prototype.slice.call(grid.children);
    if (focused >= 0) rove(cells[focused], true);
  }

  // Filters, with the choices the chosen rule's data has; a choice kept where the rule has it.
  function buildOptions() {
    var maxMoves = 0, verdictCount = [0, 0, 0, 0, 0];
    cellsOf().forEach(function (c) {
      maxMoves = Math.max(maxMoves, c[4], c[5]);
      verdictCount[c[0]]++; verdictCount[c[1]]++;
    });
    var refill = function (id, first, options) {
      var select = $(id), value = select.value;
      select.innerHTML = first + options.join('');
      select.value = value;
      if (select.value !== value) select.value = '';
    };
    ['fa', 'fh'].forEach(function (id) {
      refill(id, '<option value="">any verdict</option>', VN.map(function (v, k) {
        return verdictCount[k] ? '<option value="' + k + '">' + v + '</option>' : '';
      }));
    });
    var moves = [];
    for (var m = 0; m <= maxMoves; m++) moves.push('<option value="' + m + '">' + (m === 0 ? 'castles at once' : 'castles within ' + m + ' move' + (m > 1 ? 's' : '')) + '</option>');
    refill('fm', '<option value="">any</option>', moves);
  }
  build();
  buildOptions();
  function applyFilters() {
    var fa = $('fa').value, fh = $('fh').value, fr = RULE ? '' : $('fr').value, fm = $('fm').value, fq = $('fq').value, shown = 0;
    var all = cellsOf();
    cells.forEach(function (cell, sp) {
      var c = all[sp], ok = true;
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
  // The rule chosen, other than Chess960's, comes first (#rule=free&fa=4).
  var FILTERS = ['fa', 'fh', 'fr', 'fm', 'fq'], overviewFragment = '';
  function filterFragment() {
    return (RULE ? ['rule=' + RULES[RULE].name] : []).concat(FILTERS.filter(function (id) { return $(id).value !== ''; })
      .map(function (id) { return id + '=' + encodeURIComponent($(id).value); })).join('&');
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
      var select = $(id), want = (RULE && id === 'fr' ? '' : params[id]) || '';
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
  document.querySelectorAll('input[name=rule]').forEach(function (radio) {
    radio.addEventListener('change', function () { if (radio.checked) { setRule(radio.value); applyFilters(); saveFilters(); } });
  });
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
      location.hash = 'sp=' + sp + ruleSuffix();
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
  // Whether a piece on `from` moves to the empty square `to` on the White-only board.
  function reaches(pos, piece, from, to) {
    var df = to % 8 - from % 8, dr = (to >> 3) - (from >> 3), adf = Math.abs(df), adr = Math.abs(dr);
    if (pos[to] || from === to) return false;
    if (piece === 'N') return adf * adr === 2;
    if (piece === 'K') return Math.max(adf, adr) === 1;
    var straight = df === 0 || dr === 0, diagonal = adf === adr;
    if (!(piece === 'R' ? straight : piece === 'B' ? diagonal : straight || diagonal)) return false;
    var step = Math.sign(df) + 8 * Math.sign(dr);
    for (var at = from + step; at !== to; at += step) if (pos[at]) return false;
    return true;
  }
  // The squares a SAN move of White goes from and to (castle960's SAN: no captures or checks
  // in the model, a qualifier only where two pieces of a kind reach the square).
  function sanMove(pos, san) {
    var m = /^([KQRBN])?([a-h])?([1-8])?([a-h])([1-8])$/.exec(san);
    if (!m) throw new Error('cannot read the move ' + san);
    var to = (m[4].charCodeAt(0) - 97) + 8 * (m[5].charCodeAt(0) - 49), found = [];
    if (!m[1]) {
      if (pos[to - 8] === 'P' && !pos[to]) return [to - 8, to];
      if (to >> 3 === 3 && pos[to - 16] === 'P' && !pos[to - 8] && !pos[to]) return [to - 16, to];
    } else {
      for (var from = 0; from < 64; from++) {
        if (pos[from] !== m[1] || (m[2] && from % 8 !== m[2].charCodeAt(0) - 97) || (m[3] && from >> 3 !== m[3].charCodeAt(0) - 49)) continue;
        if (reaches(pos, m[1], from, to)) found.push(from);
      }
      if (found.length === 1) return [found[0], to];
    }
    throw new Error('the move ' + san + ' does not follow in ' + placement(pos));
  }
  // Every position of a game in SAN under another rule, with the squares each move touched:
  // its castling (SAN `castling`) moves king and rook to the files `x.king` and `x.rook`.
  function replaySan(sp, moves, castling, x) {
    var rank = rankOf(sp), pos = new Array(64).fill(null);
    for (var f = 0; f < 8; f++) { pos[f] = rank[f]; pos[8 + f] = 'P'; }
    var king = rank.indexOf('K'), rooks = [rank.indexOf('R'), rank.lastIndexOf('R')];
    var out = [{ pos: pos.slice(), marks: [] }];
    moves.forEach(function (san) {
      var marks;
      if (san === castling) {
        var rook = rooks[x.side];
        pos[king] = null; pos[rook] = null; pos[x.king] = 'K'; pos[x.rook] = 'R';
        marks = [king, rook, x.king, x.rook];
      } else {
        marks = sanMove(pos, san);
        pos[marks[1]] = pos[marks[0]]; pos[marks[0]] = null;
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
    var c = cellsOf()[sp], d = D.sides[sp][side], rank = rankOf(sp), suffix = ruleSuffix();
    state = { sp: sp, side: side, game: 'castle', ply: 0 };
    $('v-title').innerHTML = 'SP ' + sp + ' <span class="aside">' + rank + '</span>';
    document.title = 'SP ' + sp + ' ' + rank + (RULE ? ' under ' + RULES[RULE].name + ' castling' : '') + ' - castle960 gallery';
    $('v-fen').textContent = fenOf(sp);
    $('v-lichess').href = lichessUrl(sp);
    $('prev').href = '#sp=' + ((sp + COUNT - 1) % COUNT) + '&side=' + 'ah'[side] + suffix;
    $('next').href = '#sp=' + ((sp + 1) % COUNT) + '&side=' + 'ah'[side] + suffix;
    $('v-rule').hidden = RULES.length < 2;
    $('v-rule').innerHTML = 'Castling rule: ' + RULES.map(function (r, k) {
      return '<a href="#sp=' + sp + '&side=' + 'ah'[side] + (k ? '&rule=' + r.name : '') + '"' + (k === RULE ? ' aria-current="true"' : '') + '>' + r.name + '</a>';
    }).join(' ');
    [0, 1].forEach(function (s) {
      var tab = $(s ? 'tab-h' : 'tab-a');
      tab.innerHTML = esc(SIDES[s]) + '<span class="chip v' + (c[s] === 4 ? 'n' : c[s]) + (c[2 + s] ? '' : ' x') + '">' + chipText(c[s], c[4 + s]) + '</span>';
      tab.setAttribute('aria-selected', String(s === side));
      tab.tabIndex = s === side ? 0 : -1;
    });
    $('castlings').hidden = !RULE;
    $('why-box').hidden = $('pgn-box').hidden = !!RULE;
    $('v-other').hidden = !RULE;
    if (RULE) { showRule(sp, side); return; }
    var v = c[side];
    $('v-verdict').innerHTML = esc(SIDES[side]) + ': <span class="chip v' + v + '">' + chipText(v, c[4 + side]) + '</span> ' + V[v] +
      (c[2 + side] ? ' (the closed-form rule agrees)' : ' &mdash; the closed-form rule claims ' + V[d.rule] + ': they disagree');
    var hasWalk = !!d.walk;
    $('walk-choice').hidden = !hasWalk;
    document.querySelector('input[name=game][value=castle]').checked = true;
    state.castle = gameOf(sp, side, 'castle');
    state.walk = hasWalk ? gameOf(sp, side, 'walk') : null;
    compare(state.castle.moves.indexOf(side ? 'O-O' : 'O-O-O'), v);
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
  // The castled position (castling at move `after` + 1 of the castling game, -1: none) and,
  // with a walk, both games' ends side by side, with a note on what they show (verdict `v`).
  function compare(after, v) {
    var hasWalk = !!state.walk;
    var cmp = $('compare'), figs = [], castle = state.castle;
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
    } else if (after < 0 && v !== 4) {
      note = 'Castling does not become legal within the search bound.';
    }
    $('cmp-note').textContent = note;
  }
  // One arrangement under another rule: the side's castlings, each with its verdict and games,
  // the one chosen (at first the best) replayed on the board.
  function showRule(sp, side) {
    var rule = RULES[RULE], list = decodeSide(rule.sp[sp][side]), c = rule.cells[sp], v = c[side];
    var rank = rankOf(sp), kingSq = 'abcdefgh'[rank.indexOf('K')] + '1';
    var rookSq = 'abcdefgh'[side ? rank.lastIndexOf('R') : rank.indexOf('R')] + '1';
    var best = 0;
    list.forEach(function (x, i) {
      var b = list[best];
      if (x.v < b.v || (x.v === b.v && x.moves >= 0 && x.moves < b.moves)) best = i;
    });
    $('v-verdict').innerHTML = esc(SIDES[side]) + ' under ' + esc(rule.title) + ': <span class="chip v' + (v === 4 ? 'n' : v) + '">' + chipText(v, c[4 + side]) + '</span> ' +
      (list.length ? VN[v] + (list.length > 1 ? ', the best of its ' + list.length + ' castlings' : '') :
        'no castling: the rule allows none on this side, with the king on ' + kingSq + ' and the rook on ' + rookSq);
    $('castlings').innerHTML = list.length ? '<table><caption class="sr-only">The castlings of the ' + esc(SIDES[side]) + '</caption><thead><tr>' +
      '<th scope="col">Castling</th><th scope="col">King, rook to</th><th scope="col">Verdict</th><th scope="col">Fewest moves</th><th scope="col">Games</th></tr></thead><tbody>' +
      list.map(function (x, i) {
        var san = x.san, walk = x.walkLine.join(' ');
        return '<tr data-castling="' + esc(san) + '" data-verdict="' + VN[x.v] + '"><td><label><input type="radio" name="castling" value="' + i + '"' + (i === best ? ' checked' : '') + '> ' +
          '<b>' + esc(san) + '</b></label></td><td>' + 'abcdefgh'[x.king] + '1, ' + 'abcdefgh'[x.rook] + '1</td><td><span class="chip v' + x.v + '">' + chipText(x.v, x.moves) + '</span> ' + VN[x.v] +
          '</td><td>' + (x.moves >= 0 ? x.moves : '') + '</td><td class="lines"><span class="castle-line">' + esc(x.castleLine.join(' ')) + '</span>' +
          (walk ? '<br><span class="aside">castle-free walk:</span> <span class="walk-line">' + esc(walk) + '</span>' : '') + '</td></tr>';
      }).join('') + '</tbody></table><p class="hint">The board replays the castling chosen.</p>' : '';
    $('castlings').querySelectorAll('input[name=castling]').forEach(function (radio) {
      radio.addEventListener('change', function () { pick(sp, list[+radio.value]); });
    });
    $('v-other').innerHTML = 'The reasons and the PGN games are written for Chess960\u2019s rule here; <code>castle960 show ' + sp + ' --rule ' + rule.name +
      '</code> prints this arrangement under ' + esc(rule.title) + ' (text, <code>--json</code> or <code>--pgn</code>).';
    pick(sp, list[best]);
  }
  // Puts castling `x` (none: undefined) of the arrangement on the board.
  function pick(sp, x) {
    var game = function (m, castling) { return { moves: m, san: m, positions: replaySan(sp, m, castling, x) }; };
    var castling = x ? x.san : '';
    state.game = 'castle'; state.ply = 0;
    state.castle = x ? game(x.castleLine, castling) : { moves: [], san: [], positions: replaySan(sp, [], '', null) };
    state.walk = x && x.walkLine.length ? game(x.walkLine, castling) : null;
    $('walk-choice').hidden = !state.walk;
    document.querySelector('input[name=game][value=castle]').checked = true;
    document.querySelectorAll('#castlings tbody tr').forEach(function (tr) {
      tr.classList.toggle('chosen', !!x && tr.getAttribute('data-castling') === castling);
    });
    compare(x ? state.castle.san.indexOf(castling) : -1, x ? x.v : 4);
    renderGame();
  }
  function currentGame() { return state.game === 'walk' && state.walk ? state.walk : state.castle; }
  function renderGame() {
    var g = currentGame();
    var list = $('moves');
    list.innerHTML = g.san.map(function (san, k) {
      var pawn = /^[a-h]/.test(san), castle = san.indexOf('O-O') === 0 || san.indexOf('~') > 0;
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
    $(id).addEventListener('click', function () { location.hash = 'sp=' + state.sp + '&side=' + 'ah'[s] + ruleSuffix(); });
    $(id).addEventListener('keydown', function (e) {
      if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
        e.preventDefault();
        location.hash = 'sp=' + state.sp + '&side=' + 'ah'[1 - s] + ruleSuffix();
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

  // ---- Routing: #sp=N (optionally &side=a or &side=h, then &rule=NAME) opens one arrangement. ----
  var overviewScroll = 0, lastSp = null;
  function route() {
    var m = /^#sp=([0-9]+)(?:&side=([ah]))?(?:&rule=([a-z0-9]+))?$/.exec(location.hash);
    var sp = m ? Number(m[1]) : -1;
    if (sp >= 0 && sp < COUNT) {
      if ($('view').hidden) overviewScroll = window.scrollY;
      $('overview').hidden = true;
      $('view').hidden = false;
      if (setRule(m[3] || 'chess960')) {
        overviewFragment = filterFragment();
        $('back').href = '#' + overviewFragment;
      }
      var c = cellsOf()[sp];
      // Without a side named, open the more interesting one: a disagreement, or the side with a
      // castling where the other has none, else the a-side.
      var side = m[2] ? 'ah'.indexOf(m[2]) : ((c[2] && !c[3]) || (c[0] === 4 && c[1] !== 4) ? 1 : 0);
      show(sp, side);
      lastSp = sp;
      window.scrollTo(0, 0);
      $('v-title').focus({ preventScroll: true });
    } else {
      var wasView = !$('view').hidden, params = fragmentParams(location.hash);
      setRule(params.rule || 'chess960');
      setFilters(params);
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
  window.castle960 = { parseAny: parseAny, spOf: spOf, rankOf: rankOf, placement: placement, dec: dec, sanMove: sanMove, ruleCastlings: ruleCastlings };
  if (window.performance && performance.mark) performance.mark('gallery-ready');
})();
