//! `unhop slide play`
use super::{Failure, Verdict};
#[derive(clap::Args)]
pub struct Args {}
pub fn run(_: Args) -> Result<Verdict, Failure> {
    Err(Failure::Input("todo".into()))
}
