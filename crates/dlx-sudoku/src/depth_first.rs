//! The depth-first driver the fast sudoku searches share (bands.rs and bitboard.rs): each is
//! a [`Propagator`], a node of bit masks that places a symbol in a cell and propagates what
//! follows, and this drives them all the same way: depth first on an explicit stack, one
//! copy of the node per branch tried (backtracking drops it), the last branch of a node
//! worked on the node itself, solutions counted up to a limit.

/// What propagation left at a node.
pub(crate) enum Next<B> {
    /// A contradiction: no solution below this node.
    Dead,
    /// Every cell is filled.
    Solved,
    /// Branch on this item, whose options are the branches.
    Branch(B),
}

/// The options of the item a node branches on, not tried yet.
pub(crate) trait Branch {
    /// The next option, as (cell, symbol from 0), removed from the branch.
    fn take(&mut self) -> Option<(u32, usize)>;
    /// Whether no option is left.
    fn is_empty(&self) -> bool;
}

/// A fast search's propagation: the one thing that differs between them.
pub(crate) trait Propagator {
    /// The search's state at one node, copied to branch.
    type Node: Copy;
    /// The options a node branches on.
    type Branch: Branch;
    /// Places `symbol` (from 0) in `cell` of `node` and `grid`, and propagates.
    fn step(
        &self,
        node: &mut Self::Node,
        grid: &mut [u8],
        cell: u32,
        symbol: usize,
    ) -> Next<Self::Branch>;
}

/// The driver's memory, kept between puzzles.
#[derive(Debug, Clone)]
pub(crate) struct DepthFirst<N, B> {
    stack: Vec<(N, B)>,
    /// Branching nodes of the last search.
    pub(crate) branches: u64,
}

impl<N, B> Default for DepthFirst<N, B> {
    fn default() -> Self {
        DepthFirst {
            stack: Vec::new(),
            branches: 0,
        }
    }
}

impl<N: Copy, B: Branch + Copy> DepthFirst<N, B> {
    /// Searches below `root`, which propagation left at `first`, calling `each` with every
    /// solution's `grid` up to `limit` or until it returns `false`. Returns how many it
    /// found.
    pub(crate) fn run<P: Propagator<Node = N, Branch = B>>(
        &mut self,
        propagator: &P,
        root: N,
        first: Next<B>,
        grid: &mut [u8],
        limit: u64,
        mut each: impl FnMut(&[u8]) -> bool,
    ) -> u64 {
        self.branches = 0;
        let branch = match first {
            Next::Dead => return 0,
            Next::Solved => {
                each(grid);
                return 1;
            }
            Next::Branch(branch) => branch,
        };
        self.branches = 1;
        self.stack.clear();
        self.stack.push((root, branch));
        let mut found = 0;
        while let Some((node, branch)) = self.stack.last_mut() {
            let Some((cell, symbol)) = branch.take() else {
                self.stack.pop();
                continue;
            };
            let next = if branch.is_empty() {
                // The last option of this node: work on the node itself, no copy.
                match propagator.step(node, grid, cell, symbol) {
                    Next::Branch(next) => {
                        self.branches += 1;
                        *branch = next;
                        continue;
                    }
                    next => {
                        self.stack.pop();
                        next
                    }
                }
            } else {
                // The child is a copy of the node on top of the stack, made there: one copy,
                // not one to a local and another to push it.
                self.stack.extend_from_within(self.stack.len() - 1..);
                let (child, branch) = self.stack.last_mut().expect("just pushed");
                match propagator.step(child, grid, cell, symbol) {
                    Next::Branch(next) => {
                        self.branches += 1;
                        *branch = next;
                        continue;
                    }
                    next => {
                        self.stack.pop();
                        next
                    }
                }
            };
            if let Next::Solved = next {
                found += 1;
                if !each(grid) || found >= limit {
                    break;
                }
            }
        }
        self.stack.clear();
        found
    }
}
