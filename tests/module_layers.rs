//! The source's layers: no file imports another that imports it back (directly or around a
//! circle), and no module imports one of a higher layer.
//!
//! The layers, low to high (a module may use only modules of lower layers):
//!
//! 0. `error`: the error type every computation shares;
//! 1. `method`, `progress`, `memory`, `files`, `word`: the fast/exhaustive choice, progress
//!    reports, memory estimates, output files, words;
//! 2. `batch_lines`: words and other inputs read line by line;
//! 3. `automata`: automata and relations over any small alphabet;
//! 4. `solitaire`: one-dimensional peg solitaire on both boards;
//! 5. `games`, `boards`, `sliding`, `plot`: the areas built on them, independent of each other;
//! 6. `rules`: rule sets as data and the generic engines (may use `games::engine`);
//! 7. `reproduce`: the paper's results as experiments;
//! 8. `schema`: the list of every area's reports;
//! 9. the command line (`src/main.rs`, `src/cli/`), a separate crate over the library.
//!
//! Imports are read from the text: every path that starts with `crate::`, `super::` or
//! `self::` outside comments and test modules, braces expanded, resolved to the file of the
//! longest module prefix it names (items re-exported at the crate root to the file they come
//! from).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The layer of each top-level module of the library.
const LAYERS: &[(&str, u32)] = &[
    ("error", 0),
    ("method", 1),
    ("progress", 1),
    ("memory", 1),
    ("files", 1),
    ("word", 1),
    ("batch_lines", 2),
    ("budget", 2),
    ("automata", 3),
    ("solitaire", 4),
    ("games", 5),
    ("boards", 5),
    ("sliding", 5),
    ("plot", 5),
    ("rules", 6),
    ("reproduce", 7),
    ("schema", 8),
];

/// A module path such as `["games", "engine"]`; the crate root is empty.
type Module = Vec<String>;

/// One crate's files: module path → source text without comments and test modules.
struct Crate {
    files: BTreeMap<Module, String>,
}

impl Crate {
    /// The files under `src/` that belong to the library (`bin == false`) or the binary.
    fn read(bin: bool) -> Crate {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut files = BTreeMap::new();
        let mut stack = vec![root.clone()];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    stack.push(path);
                    continue;
                }
                if path.extension().is_none_or(|e| e != "rs") {
                    continue;
                }
                let relative = path.strip_prefix(&root).unwrap().with_extension("");
                let mut module: Module = relative
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect();
                let in_bin = module[0] == "cli" || module == ["main"];
                if in_bin != bin {
                    continue;
                }
                if matches!(
                    module.last().map(String::as_str),
                    Some("mod" | "lib" | "main")
                ) {
                    module.pop();
                }
                let text = std::fs::read_to_string(&path).unwrap();
                files.insert(module, code_only(&text));
            }
        }
        Crate { files }
    }

    /// The file a path from inside `from` names, or `None` for another crate or the root.
    fn resolve(&self, from: &Module, path: &[String], roots: &BTreeMap<String, Module>) -> Module {
        let mut full: Module = match path[0].as_str() {
            "crate" => Vec::new(),
            "self" => from.clone(),
            _ => from[..from.len().saturating_sub(1)].to_vec(),
        };
        let mut rest = &path[1..];
        while rest.first().is_some_and(|s| s == "super") {
            full.pop();
            rest = &rest[1..];
        }
        full.extend(rest.iter().cloned());
        if full.len() == 1
            && let Some(origin) = roots.get(&full[0])
        {
            return origin.clone();
        }
        (0..=full.len())
            .rev()
            .map(|k| full[..k].to_vec())
            .find(|prefix| self.files.contains_key(prefix))
            .unwrap_or_default()
    }

    /// File → the files it imports (not itself, not the modules it lies in).
    fn imports(&self) -> BTreeMap<Module, BTreeSet<Module>> {
        let roots = self.root_items();
        let mut edges = BTreeMap::new();
        for (module, text) in &self.files {
            let targets: BTreeSet<Module> = paths(text)
                .iter()
                .map(|path| self.resolve(module, path, &roots))
                .filter(|target| !module.starts_with(target))
                .collect();
            edges.insert(module.clone(), targets);
        }
        edges
    }

    /// Items the crate root re-exports (`pub use word::Word;`): name → the file it comes from.
    fn root_items(&self) -> BTreeMap<String, Module> {
        let Some(root) = self.files.get(&Vec::new()) else {
            return BTreeMap::new();
        };
        let mut items = BTreeMap::new();
        for line in root.lines().filter(|l| l.starts_with("pub use ")) {
            let path = format!("self::{}", &line["pub use ".len()..]);
            for item in paths(&path) {
                let name = item.last().unwrap().clone();
                items.insert(name, self.resolve(&Vec::new(), &item, &BTreeMap::new()));
            }
        }
        items
    }
}

/// `text` without `//` comments and without the `#[cfg(test)] mod tests` at its end.
fn code_only(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(at) => &text[..at],
        None => text,
    };
    text.lines()
        .map(|line| match line.find("//") {
            Some(at) if !line[..at].contains('"') => &line[..at],
            _ => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every path starting with `crate::`, `super::` or `self::` in `text`, braces expanded:
/// `use super::{a, b::C};` gives `super::a` and `super::b::C`.
fn paths(text: &str) -> Vec<Vec<String>> {
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let starts_word = at == 0
            || !(bytes[at - 1].is_ascii_alphanumeric()
                || bytes[at - 1] == b'_'
                || bytes[at - 1] == b':');
        let base = ["crate::", "super::", "self::"]
            .into_iter()
            .find(|b| bytes[at..].starts_with(b.as_bytes()));
        match base {
            Some(base) if starts_word => {
                let head = vec![base.trim_end_matches(':').to_string()];
                at = path_tail(text, at + base.len(), head, &mut found);
            }
            _ => at += 1,
        }
    }
    found
}

/// Reads the rest of a path after `head::` from `at`, pushing each complete path to `found`;
/// returns where it ended.
fn path_tail(
    text: &str,
    mut at: usize,
    mut head: Vec<String>,
    found: &mut Vec<Vec<String>>,
) -> usize {
    let bytes = text.as_bytes();
    let skip_space = |mut i: usize| {
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        i
    };
    loop {
        at = skip_space(at);
        if at < bytes.len() && bytes[at] == b'{' {
            at += 1;
            loop {
                at = skip_space(at);
                if at >= bytes.len() || bytes[at] == b'}' {
                    return at + 1;
                }
                at = path_tail(text, at, head.clone(), found);
                at = skip_space(at);
                if bytes[at..].starts_with(b"as ") {
                    at = skip_space(at + 3);
                    while at < bytes.len()
                        && (bytes[at].is_ascii_alphanumeric() || bytes[at] == b'_')
                    {
                        at += 1;
                    }
                    at = skip_space(at);
                }
                if at < bytes.len() && bytes[at] == b',' {
                    at += 1;
                }
            }
        }
        let start = at;
        while at < bytes.len() && (bytes[at].is_ascii_alphanumeric() || bytes[at] == b'_') {
            at += 1;
        }
        if at == start {
            found.push(head);
            return at;
        }
        head.push(text[start..at].to_string());
        if bytes[at..].starts_with(b"::") {
            at += 2;
        } else {
            found.push(head);
            return at;
        }
    }
}

/// The circles of the import graph: its strongly connected components of more than one file.
fn circles(edges: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<Vec<Module>> {
    // Two files are in one circle when each reaches the other.
    let reach = |from: &Module| {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.clone()];
        while let Some(m) = stack.pop() {
            for next in edges.get(&m).into_iter().flatten() {
                if seen.insert(next.clone()) {
                    stack.push(next.clone());
                }
            }
        }
        seen
    };
    let reaches: BTreeMap<&Module, BTreeSet<Module>> =
        edges.keys().map(|m| (m, reach(m))).collect();
    let mut placed = BTreeSet::new();
    let mut found = Vec::new();
    for (m, r) in &reaches {
        if placed.contains(*m) || !r.contains(*m) {
            continue;
        }
        let circle: Vec<Module> = r
            .iter()
            .filter(|other| reaches.get(other).is_some_and(|back| back.contains(*m)))
            .cloned()
            .collect();
        placed.extend(circle.iter().cloned());
        found.push(circle);
    }
    found
}

fn show(module: &Module) -> String {
    if module.is_empty() {
        "(crate root)".into()
    } else {
        module.join("::")
    }
}

#[test]
fn no_file_imports_around_a_circle() {
    let mut found = Vec::new();
    for bin in [false, true] {
        let krate = Crate::read(bin);
        assert!(krate.files.len() > 5, "found the source files");
        found.extend(
            circles(&krate.imports())
                .iter()
                .map(|c| c.iter().map(show).collect::<Vec<_>>().join(" → ")),
        );
    }
    assert!(found.is_empty(), "import circles: {found:#?}");
}

#[test]
fn no_module_imports_a_higher_layer() {
    let layer = |name: &str| LAYERS.iter().find(|(n, _)| *n == name).map(|(_, l)| *l);
    let krate = Crate::read(false);
    let mut wrong = Vec::new();
    for (from, targets) in krate.imports() {
        let Some(top) = from.first() else { continue };
        let Some(own) = layer(top) else {
            wrong.push(format!("{} is in no layer: add it to LAYERS", show(&from)));
            continue;
        };
        for target in targets.iter().filter(|t| !t.is_empty() && t[0] != *top) {
            match layer(&target[0]) {
                Some(other) if other < own => {}
                _ => wrong.push(format!(
                    "{} (layer {own}) imports {}",
                    show(&from),
                    show(target)
                )),
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// The checker itself: braces, `super`, re-exports and circles are read as meant.
#[test]
fn the_reader_finds_paths_and_circles() {
    let found = paths("use super::{a, b::{C, d as e}};\nlet x = crate::word::Word::parse(s);");
    let shown: Vec<String> = found.iter().map(|p| p.join("::")).collect();
    assert_eq!(
        shown,
        [
            "super::a",
            "super::b::C",
            "super::b::d",
            "crate::word::Word::parse"
        ]
    );
    assert_eq!(
        code_only("let a = 1; // crate::x\n#[cfg(test)]\nmod tests { crate::y }"),
        "let a = 1; "
    );
    let m = |s: &str| s.split("::").map(String::from).collect::<Module>();
    let edges = BTreeMap::from([
        (m("a"), BTreeSet::from([m("b")])),
        (m("b"), BTreeSet::from([m("c")])),
        (m("c"), BTreeSet::from([m("a")])),
        (m("d"), BTreeSet::from([m("a")])),
    ]);
    assert_eq!(circles(&edges), vec![vec![m("a"), m("b"), m("c")]]);
}
