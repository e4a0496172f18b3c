//! Meters for computations whose large tables are known before they start: the tables are
//! refused up front when they are beyond the memory limit, and held from the start; the work,
//! where it is known too, is refused up front when it is beyond the work limit. Memory comes
//! first: a request that cannot fit is refused in bytes, whatever its work.

use crate::budget::{Budget, Estimate, Meter, WorkUnit};
use crate::error::{Error, Figures};

/// A meter of `budget` for `estimate`: refused before any work when its bytes are beyond the
/// memory limit ([`reserved_meter`], which holds them) or its work beyond the work limit, with
/// the estimate, the limit and the unit. O(1).
pub(crate) fn admitted_meter(budget: &Budget, estimate: &Estimate) -> Result<Meter, Error> {
    let meter = reserved_meter(budget, &estimate.what, estimate.unit, estimate.bytes)?;
    let limit = meter.work_limit();
    if estimate.work > u128::from(limit) {
        return Err(Error::refused(
            &estimate.what,
            Figures::new(estimate.work, limit.into(), estimate.unit.name),
        )
        .with_note("choose a smaller request or raise --max-work"));
    }
    Ok(meter)
}

/// A meter of `budget` for `what`, counting its work in `unit`, with `bytes` (the tables the
/// computation allocates first) held on it; refused before any work when `bytes` are beyond
/// the memory limit, with the estimate, the limit and which limit it is. O(1).
pub(crate) fn reserved_meter(
    budget: &Budget,
    what: &str,
    unit: WorkUnit,
    bytes: u128,
) -> Result<Meter, Error> {
    let meter = budget.meter(what, unit);
    let limit = meter.byte_limit();
    if bytes > u128::from(limit) {
        let which = match crate::memory::limit() {
            Some(process) if process.bytes == limit => process.describe(),
            _ => "the budget's memory limit".to_string(),
        };
        return Err(Error::refused(
            format!("{what} (memory)"),
            Figures::new(bytes, limit.into(), "bytes"),
        )
        .with_note(which));
    }
    meter.hold(bytes as u64)?;
    Ok(meter)
}

#[cfg(test)]
mod tests {
    use super::*;

    const UNITS: WorkUnit = WorkUnit {
        name: "units",
        default_limit: 10,
    };

    #[test]
    fn tables_over_the_memory_limit_are_refused_and_others_held() {
        let budget = Budget::default().with_max_bytes(1000);
        let err = reserved_meter(&budget, "a table", UNITS, 1001).unwrap_err();
        assert_eq!(err.kind(), crate::ErrorKind::Refused);
        assert_eq!(err.figures(), Some(&Figures::new(1001, 1000, "bytes")));
        assert!(
            err.to_string()
                .starts_with("a table (memory) needs an estimated 1001 bytes")
        );
        let meter = reserved_meter(&budget, "a table", UNITS, 1000).unwrap();
        assert_eq!(meter.held(), 1000);
        assert!(meter.hold(1).is_err());
    }

    #[test]
    fn memory_is_refused_before_work() {
        let budget = Budget::default().with_max_bytes(1000);
        let estimate = |work, bytes| Estimate {
            what: "a table".into(),
            unit: UNITS,
            work,
            bytes,
        };
        let err = admitted_meter(&budget, &estimate(11, 1001)).unwrap_err();
        assert_eq!(err.figures().unwrap().unit, "bytes");
        let err = admitted_meter(&budget, &estimate(11, 1000)).unwrap_err();
        assert_eq!(err.figures(), Some(&Figures::new(11, 10, "units")));
        assert!(admitted_meter(&budget, &estimate(10, 1000)).is_ok());
    }
}
