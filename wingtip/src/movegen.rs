//! Legal move generation with check and pin masks, in small named steps.
//!
//! [`Board::generate_moves`] is the public bulk interface: it hands each piece's
//! legal moves to a closure as one [`PieceMoves`] (the piece, its square and its
//! target set), so a caller can count, filter or pick moves without building a list.
//! [`Board::legal_moves`] and [`crate::perft`] use the same steps through private
//! visitors that never group pawns by square: pawn moves go out set-wise (all pushes
//! in one set, all captures towards one side in another), which is what makes the
//! bulk count of perft's last ply a handful of popcounts.
//!
//! How a position is walked (`generate`):
//! 1. `Context::new`: the king, the checkers, the squares that resolve a single
//!    check (`BETWEEN[king][checker] | checker`), and the pinned pieces (our single
//!    piece between the king and an enemy slider), computed once;
//! 2. `king_moves`: each target tested with the king lifted off the board, so
//!    sliders see through the square it leaves;
//! 3. in double check nothing else moves; otherwise `knight_moves` (a pinned
//!    knight never moves), `slider_moves` (a pinned slider keeps to
//!    `LINE[king][piece]`), `pawn_moves`, `en_passant` (both pawns leave their
//!    squares, then look for a discovered slider attack on the king: the
//!    horizontal discovered check is the classic trap) and `castling` (rights,
//!    empty squares, king's path not attacked; Chess960 rules, which include the
//!    standard ones).
//!
//! The scheme is the usual one (chessprogramming wiki, "Pin" and "Checks and Pinned
//! Pieces (Bitboards)"); compare Stockfish's `generate_moves<Pt>` and cozy-chess's
//! `generate_moves`.

use crate::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, rook_attacks,
};
use crate::board::{
    BLACK_KING_SIDE, BLACK_QUEEN_SIDE, RIGHTS, STANDARD_ROOKS, WHITE_KING_SIDE, WHITE_QUEEN_SIDE,
};
use crate::{Bitboard, Board, Color, Move, MoveList, Piece, Role, Square, BOTH};

/// The legal moves of one piece: its square and every square it may move to.
///
/// Castling is in the king's target set as its rook's square (king takes rook:
/// `h1` for white's king-side castling in standard chess, see [`Move::CASTLING`]),
/// en passant in the pawn's as the square the pawn moves to. A promotion target
/// stands for four moves (queen, rook, bishop, knight); [`PieceMoves::len`] counts
/// them so, and iterating yields all four.
///
/// # Examples
/// ```
/// use wingtip::{Board, Role, Square};
/// let board = Board::startpos();
/// let mut knight_moves = 0;
/// board.generate_moves(|moves| {
///     if moves.piece.role() == Role::Knight {
///         knight_moves += moves.len();
///         assert!(moves.from == Square::B1 || moves.from == Square::G1);
///     }
///     false // keep going
/// });
/// assert_eq!(knight_moves, 4);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceMoves {
    /// The moving piece.
    pub piece: Piece,
    /// The square it moves from.
    pub from: Square,
    /// Every square it may move to (never empty when handed out by
    /// [`Board::generate_moves`]).
    pub to: Bitboard,
    /// Squares whose move captures: the enemy pieces, plus the en-passant square
    /// for a pawn.
    captures: Bitboard,
    /// Targets that need a special flag: castling rooks' squares for a king, the
    /// en-passant square for a pawn.
    special: Bitboard,
}

impl PieceMoves {
    /// Returns the number of moves, each promotion target counting four.
    ///
    /// # Examples
    /// ```
    /// use wingtip::{Board, Role};
    /// let board = Board::from_fen("8/P6k/8/8/8/8/8/K7 w - - 0 1").unwrap();
    /// let mut pawn = 0;
    /// board.generate_moves(|m| { if m.piece.role() == Role::Pawn { pawn = m.len() } false });
    /// assert_eq!(pawn, 4); // a8=Q, a8=R, a8=B, a8=N
    /// ```
    #[inline(always)]
    pub fn len(&self) -> u32 {
        let promotions = if self.piece.role() == Role::Pawn {
            (self.to & (Bitboard::RANK_1 | Bitboard::RANK_8)).len()
        } else {
            0
        };
        self.to.len() + 3 * promotions
    }

    /// Returns true when there is no move.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.to.is_empty()
    }

    /// Returns the targets whose move is a capture (en passant included).
    ///
    /// # Examples
    /// ```
    /// use wingtip::{Board, Role, Square};
    /// let board = Board::from_fen("4k3/8/8/3p4/8/4N3/8/4K3 w - - 0 1").unwrap();
    /// board.generate_moves(|m| {
    ///     if m.piece.role() == Role::Knight {
    ///         assert_eq!(m.captures(), Square::D5.into());
    ///         assert_eq!(m.len(), 8);
    ///     }
    ///     false
    /// });
    /// ```
    #[inline(always)]
    pub fn captures(&self) -> Bitboard {
        self.to & self.captures
    }

    #[inline(always)]
    fn flags(&self, to: Square) -> u32 {
        let mut flags = 0;
        if self.captures.has(to) {
            flags |= Move::CAPTURE;
        }
        if self.special.has(to) {
            flags |= match self.piece.role() {
                Role::King => Move::CASTLING,
                _ => Move::EN_PASSANT,
            };
        }
        if self.piece.role() == Role::Pawn && (to.index() ^ self.from.index()) == 16 {
            flags |= Move::DOUBLE_PUSH;
        }
        flags
    }
}

impl IntoIterator for PieceMoves {
    type Item = Move;
    type IntoIter = PieceMovesIter;

    /// Iterates over the moves, promotions as queen, rook, bishop, knight.
    ///
    /// # Examples
    /// ```
    /// use wingtip::Board;
    /// let mut names = Vec::new();
    /// Board::startpos().generate_moves(|m| { names.extend(m.into_iter().map(|mv| mv.to_string())); false });
    /// assert_eq!(names.len(), 20);
    /// assert!(names.contains(&"g1f3".to_string()) && names.contains(&"e2e4".to_string()));
    /// ```
    fn into_iter(self) -> PieceMovesIter {
        PieceMovesIter {
            moves: self,
            current: None,
            promotion: 0,
        }
    }
}

/// The order a promotion target's four moves come in.
const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

/// Iterator over the [`Move`]s of a [`PieceMoves`].
#[derive(Clone, Debug)]
pub struct PieceMovesIter {
    moves: PieceMoves,
    current: Option<Move>,
    promotion: usize,
}

impl Iterator for PieceMovesIter {
    type Item = Move;

    fn next(&mut self) -> Option<Move> {
        if let Some(base) = self.current {
            let role = PROMOTIONS[self.promotion];
            self.promotion += 1;
            if self.promotion == 4 {
                self.current = None;
            }
            let promoted = Piece::new(self.moves.piece.color(), role);
            return Some(Move(base.0 | (promoted as u32) << Move::PROMOTED_SHIFT));
        }
        let to = self.moves.to.first()?;
        self.moves.to = self.moves.to.without(to);
        let mv = Move::new(
            self.moves.from,
            to,
            self.moves.piece,
            None,
            self.moves.flags(to),
        );
        if self.moves.piece.role() == Role::Pawn && (Bitboard::RANK_1 | Bitboard::RANK_8).has(to) {
            self.current = Some(mv);
            self.promotion = 0;
            return self.next();
        }
        Some(mv)
    }
}

/// Pawn moves of one kind, set-wise: every target of `to` is reached from
/// `to - delta` (square indices).
#[derive(Clone, Copy, Debug)]
pub(crate) struct PawnMoves {
    pub(crate) piece: Piece,
    pub(crate) to: Bitboard,
    pub(crate) delta: i32,
    /// 0, `Move::CAPTURE`, `Move::DOUBLE_PUSH` or `Move::CAPTURE | Move::EN_PASSANT`.
    pub(crate) flags: u32,
    /// The targets are on the last rank: four moves each.
    pub(crate) promote: bool,
}

/// Receives the legal moves of a position, grouped as [`generate`] finds them.
pub(crate) trait Visitor {
    /// The moves of a king, knight, bishop, rook or queen from one square (steps
    /// and captures only: no special flag).
    fn piece_moves(&mut self, moves: PieceMoves);
    /// Pawn moves of one kind (push, double push, capture towards one side, en
    /// passant), all pawns at once.
    fn pawn_moves(&mut self, moves: PawnMoves);
    /// The king's castling moves, after every other move (the king's steps came
    /// first, through [`Visitor::piece_moves`]).
    #[inline(always)]
    fn castling(&mut self, moves: PieceMoves) {
        self.piece_moves(moves);
    }
}

/// Builds each move and hands it to a closure: pushing it to a [`MoveList`]
/// ([`Board::legal_moves`]) or, in perft, making it and recursing at once, which
/// skips the list entirely.
pub(crate) struct MoveVisitor<F: FnMut(Move)>(pub(crate) F);

impl<F: FnMut(Move)> Visitor for MoveVisitor<F> {
    #[inline(always)]
    fn piece_moves(&mut self, moves: PieceMoves) {
        let base = moves.from.index() as u32 | (moves.piece as u32) << Move::PIECE_SHIFT;
        for to in moves.to {
            // Steps only: castling comes through `castling`.
            let flags = if moves.captures.has(to) {
                Move::CAPTURE
            } else {
                0
            };
            (self.0)(Move(
                base | (to.index() as u32) << Move::TARGET_SHIFT | flags,
            ));
        }
    }

    // Castling is rare: out of line, so the generator around it stays small (in
    // perft this closure makes the move and generates the child's moves).
    #[inline(never)]
    fn castling(&mut self, moves: PieceMoves) {
        for to in moves.to {
            (self.0)(Move::new(moves.from, to, moves.piece, None, Move::CASTLING));
        }
    }

    #[inline(always)]
    fn pawn_moves(&mut self, moves: PawnMoves) {
        let base = (moves.piece as u32) << Move::PIECE_SHIFT | moves.flags;
        for to in moves.to {
            let from = (to.index() as i32 - moves.delta) as u32;
            let mv = base | from | (to.index() as u32) << Move::TARGET_SHIFT;
            if moves.promote {
                let colour = moves.piece as u32; // 0 for white, 6 for black
                for role in PROMOTIONS {
                    (self.0)(Move(mv | (colour + role as u32) << Move::PROMOTED_SHIFT));
                }
            } else {
                (self.0)(Move(mv));
            }
        }
    }
}

/// Counts moves without materialising them.
pub(crate) struct CountVisitor {
    pub(crate) count: u64,
}

impl Visitor for CountVisitor {
    #[inline(always)]
    fn piece_moves(&mut self, moves: PieceMoves) {
        self.count += u64::from(moves.to.len());
    }

    #[inline(always)]
    fn pawn_moves(&mut self, moves: PawnMoves) {
        self.count += u64::from(moves.to.len()) << (2 * moves.promote as u32);
    }

    /// One or two rooks: two tests instead of a popcount (a dozen instructions
    /// on x86-64 without POPCNT, at every node with castling rights).
    #[inline(always)]
    fn castling(&mut self, moves: PieceMoves) {
        self.count += 1 + u64::from(moves.to.has_many());
    }
}

/// Regroups the set-wise pawn moves by pawn for [`Board::generate_moves`]; other
/// pieces go straight through. Stops calling `visit` once it returns true.
struct GroupingVisitor<F: FnMut(PieceMoves) -> bool> {
    visit: F,
    stopped: bool,
    /// Targets of each pawn, by from-square.
    pawn_targets: [Bitboard; 64],
    /// The pawns with at least one move.
    movers: Bitboard,
    pawn: Option<Piece>,
    /// The king's steps, held back to merge castling in.
    king: Option<PieceMoves>,
    captures: Bitboard,
    en_passant: Bitboard,
}

impl<F: FnMut(PieceMoves) -> bool> Visitor for GroupingVisitor<F> {
    fn piece_moves(&mut self, moves: PieceMoves) {
        if moves.piece.role() == Role::King {
            self.king = Some(moves);
        } else if !self.stopped && !moves.to.is_empty() {
            self.stopped = (self.visit)(moves);
        }
    }

    fn castling(&mut self, moves: PieceMoves) {
        if let Some(king) = &mut self.king {
            king.to |= moves.to;
            king.special |= moves.special;
        }
    }

    fn pawn_moves(&mut self, moves: PawnMoves) {
        self.pawn = Some(moves.piece);
        for to in moves.to {
            let from = Square::from_index_masked((to.index() as i32 - moves.delta) as u32);
            self.pawn_targets[from.index()] |= to.into();
            self.movers |= from.into();
        }
    }
}

impl<F: FnMut(PieceMoves) -> bool> GroupingVisitor<F> {
    /// Hands out the pawns' groups and the king's; returns whether `visit` asked
    /// to stop.
    fn finish(mut self) -> bool {
        if let Some(piece) = self.pawn {
            for from in self.movers {
                if self.stopped {
                    break;
                }
                self.stopped = (self.visit)(PieceMoves {
                    piece,
                    from,
                    to: self.pawn_targets[from.index()],
                    captures: self.captures | self.en_passant,
                    special: self.en_passant,
                });
            }
        }
        if let Some(king) = self.king {
            if !self.stopped && !king.to.is_empty() {
                self.stopped = (self.visit)(king);
            }
        }
        self.stopped
    }
}

/// What every step of the generator needs, computed once per position.
///
/// It lives in registers: a function that is not inlined takes a copy (`Copy`), not
/// a reference, or the whole struct would be stored to memory on every node.
#[derive(Clone, Copy)]
struct Context {
    us: Color,
    them: Color,
    king: Square,
    own: Bitboard,
    enemy: Bitboard,
    occupied: Bitboard,
    /// Enemy bishops and queens.
    their_diag: Bitboard,
    /// Enemy rooks and queens.
    their_orth: Bitboard,
    checkers: Bitboard,
    /// The squares a non-king move may go to: not our own, resolving a single check
    /// (capture the checker or block), and only enemy squares when generating
    /// captures.
    target: Bitboard,
    /// The squares that resolve check (every square when not in check).
    check_mask: Bitboard,
    /// Our pieces pinned to our king.
    pinned: Bitboard,
}

impl Context {
    #[inline(always)]
    fn new<const WHITE: bool, const CAPTURES: bool>(board: &Board) -> Context {
        let (us, them) = if WHITE {
            (Color::White, Color::Black)
        } else {
            (Color::Black, Color::White)
        };
        let theirs = |role: Role| board.pieces[Piece::new(them, role).index()];
        let own = board.occupancies[us.index()];
        let enemy = board.occupancies[them.index()];
        let occupied = board.occupancies[BOTH];
        let king = Square::from_index_masked(
            board.pieces[Piece::new(us, Role::King).index()]
                .0
                .trailing_zeros(),
        );
        let their_diag = theirs(Role::Bishop) | theirs(Role::Queen);
        let their_orth = theirs(Role::Rook) | theirs(Role::Queen);
        // Enemy sliders that see the king through our pieces alone: with none of ours
        // between, a slider gives check; with one, that piece is pinned.
        let mut pinned = Bitboard::EMPTY;
        let mut slider_checkers = Bitboard::EMPTY;
        let snipers =
            (bishop_attacks(king, enemy) & their_diag) | (rook_attacks(king, enemy) & their_orth);
        for sniper in snipers {
            let blockers = between(king, sniper) & own;
            if blockers.is_empty() {
                slider_checkers = slider_checkers.with(sniper);
            } else if !blockers.has_many() {
                pinned |= blockers;
            }
        }
        let checkers = (knight_attacks(king) & theirs(Role::Knight))
            | (pawn_attacks(us, king) & theirs(Role::Pawn))
            | slider_checkers;
        let check_mask = match checkers.first() {
            None => Bitboard::FULL,
            Some(checker) => between(king, checker) | checkers,
        };
        let mut target = !own & check_mask;
        if CAPTURES {
            target &= enemy;
        }
        Context {
            us,
            them,
            king,
            own,
            enemy,
            occupied,
            their_diag,
            their_orth,
            checkers,
            target,
            check_mask,
            pinned,
        }
    }

    /// Returns whether any enemy piece attacks `sq`, sliders seen through `occupied`.
    #[inline(always)]
    fn attacked(&self, board: &Board, sq: Square, occupied: Bitboard) -> bool {
        let theirs = |role: Role| board.pieces[Piece::new(self.them, role).index()];
        !((knight_attacks(sq) & theirs(Role::Knight))
            | (pawn_attacks(self.us, sq) & theirs(Role::Pawn))
            | (king_attacks(sq) & theirs(Role::King))
            | (bishop_attacks(sq, occupied) & self.their_diag)
            | (rook_attacks(sq, occupied) & self.their_orth))
            .is_empty()
    }
}

/// Walks every legal move of `board` into `visitor`.
#[inline(always)]
pub(crate) fn generate<V: Visitor>(board: &Board, visitor: &mut V) {
    match board.side {
        Color::White => generate_for::<V, true, false>(board, visitor),
        Color::Black => generate_for::<V, false, false>(board, visitor),
    }
}

/// Walks the legal captures (en passant included) and promotions of `board`.
#[inline(always)]
pub(crate) fn generate_captures<V: Visitor>(board: &Board, visitor: &mut V) {
    match board.side {
        Color::White => generate_for::<V, true, true>(board, visitor),
        Color::Black => generate_for::<V, false, true>(board, visitor),
    }
}

#[inline(always)]
fn generate_for<V: Visitor, const WHITE: bool, const CAPTURES: bool>(board: &Board, v: &mut V) {
    let cx = Context::new::<WHITE, CAPTURES>(board);
    king_moves::<V, CAPTURES>(board, &cx, v);
    if cx.checkers.has_many() {
        return; // double check: only the king moves
    }
    knight_moves(board, &cx, v);
    slider_moves(board, &cx, v);
    pawn_moves::<V, WHITE, CAPTURES>(board, &cx, v);
    en_passant(board, &cx, v);
    if !CAPTURES {
        castling(board, &cx, v);
    }
}

/// King steps, each target tested with the king lifted off the board.
#[inline(always)]
fn king_moves<V: Visitor, const CAPTURES: bool>(board: &Board, cx: &Context, v: &mut V) {
    let theirs = |role: Role| board.pieces[Piece::new(cx.them, role).index()];
    let occupied = cx.occupied.without(cx.king);
    let their_knights = theirs(Role::Knight);
    // Drop the squares enemy pawns and the enemy king cover (set-wise) first; only
    // the rest need the per-square knight and slider test.
    let their_king = Square::from_index_masked(theirs(Role::King).0.trailing_zeros());
    let mut targets = king_attacks(cx.king)
        & !cx.own
        & !theirs(Role::Pawn).pawn_attacks(cx.them)
        & !king_attacks(their_king);
    if CAPTURES {
        targets &= cx.enemy;
    }
    let mut legal = Bitboard::EMPTY;
    // Two ways to test the rest: per target (two slider lookups and a knight test
    // each) or the union of every enemy slider's and knight's attacks (one lookup
    // per slider, two per queen).
    // Endgames with a lone rook and a free king favour the second. With one target
    // or none (a king boxed in: most middlegame nodes) the popcounts are skipped.
    if targets.has_many() && cx.their_diag.len() + cx.their_orth.len() < 2 * targets.len() {
        let mut danger = Bitboard::EMPTY;
        for from in cx.their_diag {
            danger |= bishop_attacks(from, occupied);
        }
        for from in cx.their_orth {
            danger |= rook_attacks(from, occupied);
        }
        for from in their_knights {
            danger |= knight_attacks(from);
        }
        legal = targets & !danger;
    } else {
        for to in targets {
            let attacked = (knight_attacks(to) & their_knights)
                | (bishop_attacks(to, occupied) & cx.their_diag)
                | (rook_attacks(to, occupied) & cx.their_orth);
            if attacked.is_empty() {
                legal |= to.into();
            }
        }
    }
    v.piece_moves(PieceMoves {
        piece: Piece::new(cx.us, Role::King),
        from: cx.king,
        to: legal,
        captures: cx.enemy,
        special: Bitboard::EMPTY,
    });
}

/// Castling (standard and Chess960), when the side to move is not in check: the
/// right is held (so its king and rook stand on their squares), every square the
/// king or the rook crosses or lands on is empty but for the two of them, and no
/// square from the king's start to its destination is attacked with both lifted off
/// the board. Lifting the rook matters in Chess960 only: a rook on b1 shields a
/// king on c1 from a queen on a1 until it castles away to d1. King side first.
///
/// A castling move is encoded king takes rook: its target is the rook's square
/// (see [`crate::mov`]).
#[inline(always)]
fn castling<V: Visitor>(board: &Board, cx: &Context, v: &mut V) {
    let first = 2 * cx.us.index();
    if board.castling & (3 << first) == 0 || !cx.checkers.is_empty() {
        return;
    }
    // Standard chess first, with every square a constant once this is inlined
    // (the side is known): no index arithmetic in the lookups. Neither the king
    // nor a corner rook can shield the squares the king crosses.
    let (king_side, queen_side, home) = match cx.us {
        Color::White => (WHITE_KING_SIDE, WHITE_QUEEN_SIDE, 56),
        Color::Black => (BLACK_KING_SIDE, BLACK_QUEEN_SIDE, 0),
    };
    // Standard rook squares imply the king on the e-file (see `Board::castle_rooks`).
    let rooks = if board.castle_rooks[first..first + 2] == STANDARD_ROOKS[first..first + 2] {
        let on_home = |file: u32| Square::from_index_masked(home + file);
        let safe = |file: u32| !cx.attacked(board, on_home(file), cx.occupied);
        let mut rooks = Bitboard::EMPTY;
        if board.castling & king_side != 0
            && (cx.occupied.0 & (0b0110_0000u64 << home)) == 0
            && safe(5)
            && safe(6)
        {
            rooks |= on_home(7).into();
        }
        if board.castling & queen_side != 0
            && (cx.occupied.0 & (0b0000_1110u64 << home)) == 0
            && safe(3)
            && safe(2)
        {
            rooks |= on_home(0).into();
        }
        rooks
    } else {
        chess960_castling_rooks(board, *cx, first)
    };
    if !rooks.is_empty() {
        v.castling(PieceMoves {
            piece: Piece::new(cx.us, Role::King),
            from: cx.king,
            to: rooks,
            captures: Bitboard::EMPTY,
            special: rooks,
        });
    }
}

/// The rooks of the legal castling moves of the side whose rights are indices
/// `first` and `first + 1` (any king and rook squares: Chess960).
#[inline(never)]
fn chess960_castling_rooks(board: &Board, cx: Context, first: usize) -> Bitboard {
    let mut rooks = Bitboard::EMPTY;
    for (i, right) in RIGHTS.iter().enumerate().skip(first).take(2) {
        if board.castling & right != 0 {
            let rook = Square::from_index_masked(u32::from(board.castle_rooks[i]));
            rooks |= chess960_castling_rook(board, &cx, i, rook);
        }
    }
    rooks
}

/// The rook's square when castling with right index `i` (0 = white king side …
/// 3 = black queen side) and the rook on `rook` is legal, else the empty set.
#[inline(always)]
fn chess960_castling_rook(board: &Board, cx: &Context, i: usize, rook: Square) -> Bitboard {
    // The paths on the eighth rank (a8 = bit 0); white's are 56 squares further.
    let shift = if i < 2 { 56 } else { 0 };
    let (empty, king_path) = CASTLING_PATHS[cx.king.index() & 7][rook.index() & 7];
    if cx.occupied.0 & (empty << shift) != 0 {
        return Bitboard::EMPTY;
    }
    let lifted = cx.occupied.without(cx.king).without(rook);
    let mut path = Bitboard(king_path << shift);
    while let Some(sq) = path.first() {
        if cx.attacked(board, sq, lifted) {
            return Bitboard::EMPTY;
        }
        path = path.without(sq);
    }
    rook.into()
}

/// For a king on file `k` and its castling rook on file `r` of the eighth rank
/// (`CASTLING_PATHS[k][r]`, a8 = bit 0): the squares that must be empty (what the
/// king and the rook cross or land on, less their own two squares) and the king's
/// path (its destination and the squares between it and the king). The king goes
/// to the g-file and the rook to the f-file when `r > k`, else to c and d.
static CASTLING_PATHS: [[(u64, u64); 8]; 8] = {
    /// The files from `a` to `b`, both included, on the eighth rank.
    const fn span(a: usize, b: usize) -> u64 {
        let (lo, hi) = if a < b { (a, b) } else { (b, a) };
        (0xffu64 >> (7 - hi)) & (0xffu64 << lo)
    }
    let mut paths = [[(0u64, 0u64); 8]; 8];
    let mut k = 0;
    while k < 8 {
        let mut r = 0;
        while r < 8 {
            if r != k {
                let (king_to, rook_to) = if r > k { (6, 5) } else { (2, 3) };
                let pieces = (1u64 << k) | (1u64 << r);
                let king_path = span(k, king_to) & !(1u64 << k);
                let empty = (span(k, king_to) | span(r, rook_to)) & !pieces;
                paths[k][r] = (empty, king_path | (1u64 << king_to));
            }
            r += 1;
        }
        k += 1;
    }
    paths
};

/// Knight moves; a pinned knight never moves.
#[inline(always)]
fn knight_moves<V: Visitor>(board: &Board, cx: &Context, v: &mut V) {
    let piece = Piece::new(cx.us, Role::Knight);
    for from in board.pieces[piece.index()] & !cx.pinned {
        v.piece_moves(PieceMoves {
            piece,
            from,
            to: knight_attacks(from) & cx.target,
            captures: cx.enemy,
            special: Bitboard::EMPTY,
        });
    }
}

/// Bishop, rook and queen moves; a pinned slider keeps to its pin line.
#[inline(always)]
fn slider_moves<V: Visitor>(board: &Board, cx: &Context, v: &mut V) {
    for role in [Role::Bishop, Role::Rook, Role::Queen] {
        let piece = Piece::new(cx.us, role);
        for from in board.pieces[piece.index()] {
            let attacks = match role {
                Role::Bishop => bishop_attacks(from, cx.occupied),
                Role::Rook => rook_attacks(from, cx.occupied),
                _ => bishop_attacks(from, cx.occupied) | rook_attacks(from, cx.occupied),
            };
            let mut to = attacks & cx.target;
            if cx.pinned.has(from) {
                to &= line(cx.king, from);
            }
            v.piece_moves(PieceMoves {
                piece,
                from,
                to,
                captures: cx.enemy,
                special: Bitboard::EMPTY,
            });
        }
    }
}

/// Pawn pushes and captures: unpinned pawns set-wise, pinned ones (rare) one at a
/// time along their pin line.
#[inline(always)]
fn pawn_moves<V: Visitor, const WHITE: bool, const CAPTURES: bool>(
    board: &Board,
    cx: &Context,
    v: &mut V,
) {
    let pawns = board.pieces[Piece::new(cx.us, Role::Pawn).index()];
    pawn_set::<V, WHITE, CAPTURES>(cx, v, pawns & !cx.pinned, cx.check_mask);
    for from in pawns & cx.pinned {
        let allowed = cx.check_mask & line(cx.king, from);
        pawn_set::<V, WHITE, CAPTURES>(cx, v, from.into(), allowed);
    }
}

/// Pushes and captures of `pawns`, restricted to `allowed` targets (with
/// `CAPTURES`, only captures and promotions).
#[inline(always)]
fn pawn_set<V: Visitor, const WHITE: bool, const CAPTURES: bool>(
    cx: &Context,
    v: &mut V,
    pawns: Bitboard,
    allowed: Bitboard,
) {
    let (last_rank, push_rank, up) = if WHITE {
        (Bitboard::RANK_8, Bitboard::rank(crate::Rank::Third), -8)
    } else {
        (Bitboard::RANK_1, Bitboard::rank(crate::Rank::Sixth), 8)
    };
    let empty = !cx.occupied;
    let single = pawns.forward(cx.us) & empty;
    let double = (single & push_rank).forward(cx.us) & empty & allowed;
    let single = single & allowed;
    // Captures towards the a-file (west, one square less) and the h-file (east).
    let ahead = pawns.forward(cx.us);
    let west = ahead.west() & cx.enemy & allowed;
    let east = ahead.east() & cx.enemy & allowed;
    let piece = Piece::new(cx.us, Role::Pawn);
    let mut emit = |to: Bitboard, delta: i32, flags: u32, promote: bool| {
        v.pawn_moves(PawnMoves {
            piece,
            to,
            delta,
            flags,
            promote,
        })
    };
    if !CAPTURES {
        emit(single & !last_rank, up, 0, false);
        emit(double, 2 * up, Move::DOUBLE_PUSH, false);
    }
    emit(west & !last_rank, up - 1, Move::CAPTURE, false);
    emit(east & !last_rank, up + 1, Move::CAPTURE, false);
    if !((single | west | east) & last_rank).is_empty() {
        emit(single & last_rank, up, 0, true);
        emit(west & last_rank, up - 1, Move::CAPTURE, true);
        emit(east & last_rank, up + 1, Move::CAPTURE, true);
    }
}

/// En passant: legal when, with both pawns off their squares and ours on the
/// en-passant square, no enemy slider sees our king and any checker is gone.
#[inline(always)]
fn en_passant<V: Visitor>(board: &Board, cx: &Context, v: &mut V) {
    let Some(ep) = Square::from_index(board.en_passant) else {
        return;
    };
    let captured = Square::from_index_masked(u32::from(board.en_passant ^ 8));
    let piece = Piece::new(cx.us, Role::Pawn);
    for from in pawn_attacks(cx.them, ep) & board.pieces[piece.index()] {
        let occupied = cx.occupied.without(from).without(captured).with(ep);
        // A checker other than the captured pawn stays (a slider check may also be
        // blocked by our pawn landing on `ep`: the `exposed` test sees that).
        let other_checkers = cx.checkers.without(captured) & !(cx.their_diag | cx.their_orth);
        let exposed = (bishop_attacks(cx.king, occupied) & cx.their_diag)
            | (rook_attacks(cx.king, occupied) & cx.their_orth);
        if other_checkers.is_empty() && exposed.is_empty() {
            v.pawn_moves(PawnMoves {
                piece,
                to: ep.into(),
                delta: ep.index() as i32 - from.index() as i32,
                flags: Move::CAPTURE | Move::EN_PASSANT,
                promote: false,
            });
        }
    }
}

impl Board {
    /// Returns every legal move.
    ///
    /// # Examples
    /// ```
    /// use wingtip::Board;
    /// let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    /// assert_eq!(Board::from_fen(kiwipete).unwrap().legal_moves().len(), 48);
    /// ```
    #[inline]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        generate(self, &mut MoveVisitor(|mv| list.push(mv)));
        list
    }

    /// Returns the number of legal moves, without building a list.
    ///
    /// # Examples
    /// ```
    /// assert_eq!(wingtip::Board::startpos().count_legal_moves(), 20);
    /// ```
    #[inline]
    pub fn count_legal_moves(&self) -> u64 {
        let mut counter = CountVisitor { count: 0 };
        generate(self, &mut counter);
        counter.count
    }

    /// Returns the legal captures (en passant included) and promotions: the moves a
    /// quiescence search looks at.
    ///
    /// # Examples
    /// ```
    /// use wingtip::Board;
    /// let board = Board::from_fen("4k3/1P6/8/3p4/4P3/8/8/4K3 w - - 0 1").unwrap();
    /// let names: Vec<String> = board.legal_captures().iter().map(|m| m.to_string()).collect();
    /// assert_eq!(names.len(), 5); // e4d5 and four promotions on b8
    /// assert!(names.contains(&"e4d5".to_string()) && names.contains(&"b7b8n".to_string()));
    /// ```
    #[inline]
    pub fn legal_captures(&self) -> MoveList {
        let mut list = MoveList::new();
        generate_captures(self, &mut MoveVisitor(|mv| list.push(mv)));
        list
    }

    /// Hands the legal moves to `visit`, one [`PieceMoves`] per piece that can move
    /// (knights, bishops, rooks, queens, pawns, then the king), without building a list. `visit` returns `true` to
    /// stop early; then no further call is made and this returns `true`.
    ///
    /// This is the bulk interface: count moves with [`PieceMoves::len`], filter them
    /// by target set, or turn a group into [`Move`]s by iterating it.
    ///
    /// # Examples
    /// Count the legal captures without making a single move:
    /// ```
    /// use wingtip::Board;
    /// let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    /// let board = Board::from_fen(kiwipete).unwrap();
    /// let mut captures = 0;
    /// board.generate_moves(|moves| { captures += moves.captures().len(); false });
    /// assert_eq!(captures, 8);
    /// ```
    /// Stop at the first move that gives check:
    /// ```
    /// use wingtip::Board;
    /// let board = Board::from_fen("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1").unwrap();
    /// let mut checking = None;
    /// let stopped = board.generate_moves(|moves| {
    ///     checking = moves.into_iter().find(|&mv| {
    ///         let mut child = board;
    ///         child.make_move(mv);
    ///         child.in_check()
    ///     });
    ///     checking.is_some()
    /// });
    /// assert!(stopped);
    /// assert_eq!(checking.unwrap().to_string(), "a1a8");
    /// ```
    pub fn generate_moves(&self, visit: impl FnMut(PieceMoves) -> bool) -> bool {
        let mut grouping = GroupingVisitor {
            visit,
            stopped: false,
            pawn_targets: [Bitboard::EMPTY; 64],
            movers: Bitboard::EMPTY,
            pawn: None,
            king: None,
            captures: self.occupancies[(!self.side).index()],
            en_passant: Square::from_index(self.en_passant).map_or(Bitboard::EMPTY, Bitboard::from),
        };
        generate(self, &mut grouping);
        grouping.finish()
    }
}
