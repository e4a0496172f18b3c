//! `unhop rules grundy NAME|FILE WORD... [--board B] [--rule R] [--method M] [--json]`

use super::super::{Failure, Verdict};
use super::for_each_word;
use unhop::Method;
use unhop::games::Convention;
use unhop::rules::{
    RewriteGame, RuleSet, RulesGrundyReport, exhaustive_grundy, grundy_with_progress,
};

#[derive(clap::Args)]
#[command(after_help = "Examples:
  unhop rules grundy solitaire 0110110
  unhop rules grundy kayles 1111111 --board finite --json
  unhop rules grundy kayles 1111 --board finite --rule misere
  printf '11\\n111\\n' | unhop rules grundy dawson - --json")]
pub struct Args {
    #[command(flatten)]
    each: super::EachWord,
    /// normal: the player who cannot move loses; misere: the player who cannot move wins
    /// (misère values: 0 exactly when the player to move loses; they do not add over sums)
    #[arg(long, default_value = "normal")]
    rule: Convention,
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    let mut rows = args.each.output.open()?;
    let rules = RuleSet::load(&args.each.rules)?;
    let game = RewriteGame::new(&rules, args.each.play.board).with_convention(args.rule);
    for_each_word(&rules, &args.each.words, &mut rows, |text, word, answer| {
        let value = match args.each.play.method {
            Method::Fast => {
                let bar = answer.progress();
                let value = grundy_with_progress(&game, word, &answer.budget(), &bar);
                drop(bar);
                value?
            }
            Method::Exhaustive => exhaustive_grundy(&game, word, &answer.budget())?,
        };
        if args.each.output.json {
            let report = RulesGrundyReport {
                word: text.to_string(),
                board: args.each.play.board,
                rule: args.rule,
                value,
            };
            super::json(answer, &report)?;
        } else {
            super::line(answer, format!("{text}\t{value}"))?;
        }
        Ok(())
    })?;
    rows.finish()?;
    Ok(Verdict::Done)
}
