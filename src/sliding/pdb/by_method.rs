//! A pattern database by either [`Method`]: the fast builder ([`PatternDb::build`]) or its
//! slow twin ([`PatternDb::exhaustive`]), which give the same table.

use super::PatternDb;
use crate::budget::{Budget, Estimate, Meter};
use crate::error::Error;
use crate::method::Method;
use crate::progress::Progress;

impl PatternDb {
    /// What building the database of `cells` by `method` needs: [`PatternDb::estimate`] for
    /// [`Method::Fast`], [`PatternDb::exhaustive_estimate`] for [`Method::Exhaustive`]. Both
    /// reach the same states; the twin's lists take more memory.
    ///
    /// # Complexity
    /// O(2^(width²)·width²) time, no allocation.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Method, sliding::PatternDb};
    /// let fast = PatternDb::estimate_by(4, 15, &[1, 2, 3], Method::Fast).unwrap();
    /// let slow = PatternDb::estimate_by(4, 15, &[1, 2, 3], Method::Exhaustive).unwrap();
    /// assert_eq!(fast.work, slow.work);
    /// ```
    pub fn estimate_by(
        width: usize,
        gap_goal: u8,
        cells: &[u8],
        method: Method,
    ) -> Result<Estimate, Error> {
        match method {
            Method::Fast => PatternDb::estimate(width, gap_goal, cells),
            Method::Exhaustive => PatternDb::exhaustive_estimate(width, gap_goal, cells),
        }
    }

    /// The database of `cells` built by `method` under `budget`, reporting to `progress` one
    /// unit of work per entry as it is filled: [`PatternDb::build_reporting`] or
    /// [`PatternDb::exhaustive`]. The two give the same table.
    ///
    /// # Complexity
    /// As the builder `method` names.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Method, Quiet, budget::Budget, sliding::PatternDb};
    /// let budget = Budget::default();
    /// let fast = PatternDb::build_by(3, 8, &[0, 1, 2, 3], Method::Fast, &budget, &Quiet).unwrap();
    /// let slow = PatternDb::build_by(3, 8, &[0, 1, 2, 3], Method::Exhaustive, &budget, &Quiet).unwrap();
    /// assert_eq!(fast, slow);
    /// ```
    pub fn build_by(
        width: usize,
        gap_goal: u8,
        cells: &[u8],
        method: Method,
        budget: &Budget,
        progress: &dyn Progress,
    ) -> Result<PatternDb, Error> {
        let meter =
            budget.admit_estimate(&PatternDb::estimate_by(width, gap_goal, cells, method)?)?;
        PatternDb::build_metered_by(width, gap_goal, cells, method, &meter, progress)
    }

    /// [`PatternDb::build_by`] charged to `meter`, admitted beforehand for this build and maybe
    /// others (the cache admits all the tables it builds at once).
    pub(in crate::sliding) fn build_metered_by(
        width: usize,
        gap_goal: u8,
        cells: &[u8],
        method: Method,
        meter: &Meter,
        progress: &dyn Progress,
    ) -> Result<PatternDb, Error> {
        match method {
            Method::Fast => PatternDb::build_metered(width, gap_goal, cells, meter, progress),
            Method::Exhaustive => {
                PatternDb::exhaustive_metered(width, gap_goal, cells, meter, progress)
            }
        }
    }
}
