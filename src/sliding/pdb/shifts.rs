//! Bit masks for moving a set of cells one step in every direction on a square board.

/// Bit masks for moving a set of cells one step in every direction on a square board.
pub(super) struct Shifts {
    pub(super) width: u32,
    pub(super) full: u32,
    pub(super) not_first_column: u32,
    pub(super) not_last_column: u32,
}

impl Shifts {
    pub(super) const fn new(width: usize) -> Shifts {
        let full = ((1u64 << (width * width)) - 1) as u32;
        let (mut first_column, mut last_column, mut row) = (0u32, 0u32, 0);
        while row < width {
            first_column |= 1 << (row * width);
            last_column |= 1 << (row * width + width - 1);
            row += 1;
        }
        Shifts {
            width: width as u32,
            full,
            not_first_column: full & !first_column,
            not_last_column: full & !last_column,
        }
    }

    /// The cells of `free` connected to `start` (which must be in `free`).
    #[inline]
    pub(super) fn region(&self, start: u32, free: u32) -> u32 {
        let mut region = 1u32 << start;
        loop {
            let grown = (region
                | ((region << 1) & self.not_first_column)
                | ((region >> 1) & self.not_last_column)
                | (region << self.width)
                | (region >> self.width))
                & free
                & self.full;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    /// The cells of `tiles` next to `region`, one set per direction with the step (±1 along
    /// a row, ±width along a column) that takes such a tile into the region.
    #[inline]
    pub(super) fn movers(&self, tiles: u32, region: u32) -> [(u32, i32); 4] {
        let w = self.width as i32;
        [
            (tiles & (region >> 1) & self.not_last_column, 1),
            (tiles & (region << 1) & self.not_first_column, -1),
            (tiles & (region >> self.width), w),
            (tiles & (region << self.width), -w),
        ]
    }

    /// The cells next to `cell`.
    #[inline]
    pub(super) fn around(&self, cell: u32) -> u32 {
        let bit = 1u32 << cell;
        (((bit << 1) & self.not_first_column)
            | ((bit >> 1) & self.not_last_column)
            | (bit << self.width)
            | (bit >> self.width))
            & self.full
    }
}
