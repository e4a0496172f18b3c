//! `unhop grundy WORD... [--moves single|chain] [--board B] [--rule normal|misere]
//! [--method fast|exhaustive] [--json] [--hint] [--options] [--notation N] [--tables DIR]
//! [-o FILE]`

use super::input::for_each_word;
use super::output::{Out, json_or_text, write_json};
use super::{Failure, GameArgs, Verdict};
use std::io::Write;
use std::path::PathBuf;
use unhop::Word;
use unhop::files::shown_path;
use unhop::games::{BatchValues, Convention, GrundyReport, Notation, Outcome, SavedTable};
use unhop::solitaire::HopList;

#[derive(clap::Args)]
#[command(after_help = "Examples:
  unhop grundy 0110101 --hint
  unhop grundy 0110 --options --notation nimber
  unhop grundy 11011 1101011 --board finite --json
  unhop grundy 11000011 --board finite --rule misere --method exhaustive")]
pub struct Args {
    #[arg(required = true, help = super::input::WORDS_HELP)]
    words: Vec<String>,
    #[command(flatten)]
    game: GameArgs,
    /// Machine-readable output: one JSON object per line
    #[arg(long)]
    json: bool,
    /// Also list every winning move (to a position of value 0) as a hop list
    #[arg(long)]
    hint: bool,
    /// Also list every option: each move as hops, the word after it and its value, the
    /// winning ones (value 0) marked
    #[arg(long)]
    options: bool,
    /// How values are written in text: integer (3) or nimber (0, *, *2, *3, …)
    #[arg(long, default_value = "integer")]
    notation: Notation,
    /// Look each value up in the compact tables that `unhop table --stats --board finite
    /// --resume DIR` saved in DIR, a byte read for each block of the word (its runs of pegs
    /// between gaps of three holes): a word of any length whose blocks are no longer than the
    /// longest length saved; any other is valued as without. The finite board under normal
    /// play, the tables' move rule
    #[arg(long, value_name = "DIR", conflicts_with_all = ["hint", "options"])]
    tables: Option<PathBuf>,
    #[command(flatten)]
    out: Out,
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    let game = args.game.game();
    let notation = args.notation;
    args.out.check(json_or_text(args.json))?;
    let mut rows = args.out.open()?;
    let value_name = match game.convention() {
        Convention::Normal => "value",
        Convention::Misere => "misère value",
    };
    // The cheapest method for the batch: recursion, or a table once the words say it pays;
    // each word by its own recursion when limits are given for each word alone.
    let values = BatchValues::new(game, args.game.method, super::budget());
    let values = match super::request_limits_given() {
        true => values.without_tables(),
        false => values,
    };
    let values = match &args.tables {
        Some(folder) => SavedTable::open(folder, game.rule())
            .and_then(|saved| values.with_saved_table(saved))
            .map_err(|e| Failure::from(e).context(format!("--tables {}", shown_path(folder))))?,
        None => values,
    };
    for_each_word(&args.words, &mut rows, |word, answer| {
        // A fresh budget for each word: the limits of memoised positions and of moves looked
        // at apply to each word (line) alone, whatever came before it in a batch.
        let progress = answer.progress();
        let budget = answer.budget();
        let report = values.report(word, args.hint, args.options, &budget, &progress)?;
        drop(progress);
        match args.json {
            true => write_json(answer, &report)?,
            false => write_text(answer, word, &report, value_name, notation)?,
        }
        Ok(())
    })?;
    rows.finish()?;
    Ok(Verdict::Done)
}

/// `WORD: value V (who wins)`, the winning moves with `--hint`, and each option on a line of
/// its own with `--options`.
fn write_text(
    out: &mut dyn Write,
    word: &Word,
    report: &GrundyReport,
    value_name: &str,
    notation: Notation,
) -> std::io::Result<()> {
    let outcome = match Outcome::of_value(report.value) {
        Outcome::Loss => "the player to move loses",
        Outcome::Win => "the player to move wins",
    };
    let value = notation.write(report.value);
    write!(out, "{word}: {value_name} {value} ({outcome})")?;
    if let Some(winning) = &report.winning_moves {
        let listed: Vec<String> = winning
            .iter()
            .map(|hops| HopList(hops).to_string())
            .collect();
        if !listed.is_empty() {
            write!(out, "; winning moves: {}", listed.join(", "))?;
        }
    }
    writeln!(out)?;
    for o in report.options.iter().flatten() {
        let shift = match o.offset {
            0 => String::new(),
            offset => format!(" (from cell {offset})"),
        };
        let mark = if o.wins() { "  winning" } else { "" };
        let hops = HopList(&o.hops);
        let value = notation.write(o.value);
        writeln!(out, "  {hops}: {}{shift}, value {value}{mark}", o.word)?;
    }
    Ok(())
}
