//! Positions drawn as SVG: one small board per position, in rows, each with a caption.

use super::board::Board;
use super::geometry::{Geometry, Position};
use std::fmt::Write;

/// Pixels between neighbouring holes.
const STEP: f64 = 18.0;
/// Boards per row of the drawing.
const PER_ROW: usize = 6;

/// An SVG drawing of `positions`, each captioned (pegs filled, empty holes as rings; graph
/// boards on a circle with their edges). Costs O(positions · (holes + edges)).
///
/// # Complexity
/// O(positions · (holes + edges)) time and text.
///
/// # Examples
///
/// ```
/// use unhop::boards::{Board, svg};
/// let board = Board::named("english").unwrap();
/// let text = svg(&board, &[board.default_start()], &["start".to_string()]);
/// assert!(text.starts_with("<svg"));
/// assert_eq!(text.matches("<circle").count(), 33);
/// ```
pub fn svg(board: &Board, positions: &[Position], captions: &[String]) -> String {
    let places: Vec<(f64, f64)> = (0..board.holes()).map(|h| place(board, h)).collect();
    let width = places.iter().map(|p| p.0).fold(0.0, f64::max) + 2.0 * STEP;
    let height = places.iter().map(|p| p.1).fold(0.0, f64::max) + 3.0 * STEP;
    let columns = positions.len().clamp(1, PER_ROW);
    let rows = positions.len().div_ceil(PER_ROW).max(1);
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" font-family="sans-serif" font-size="11">"#,
        width * columns as f64,
        height * rows as f64
    );
    for (i, &position) in positions.iter().enumerate() {
        let (ox, oy) = (
            (i % PER_ROW) as f64 * width + STEP,
            (i / PER_ROW) as f64 * height + STEP,
        );
        let _ = writeln!(out, r#"<g transform="translate({ox},{oy})">"#);
        for &(a, b) in board.edges() {
            let (p, q) = (places[a as usize], places[b as usize]);
            let _ = writeln!(
                out,
                r##"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#999"/>"##,
                p.0, p.1, q.0, q.1
            );
        }
        for (h, &(x, y)) in places.iter().enumerate() {
            let fill = if position >> h & 1 == 1 {
                "#333"
            } else {
                "white"
            };
            let _ = writeln!(
                out,
                r##"<circle cx="{x}" cy="{y}" r="6" fill="{fill}" stroke="#333"/>"##
            );
        }
        let caption = captions.get(i).map_or("", String::as_str);
        let _ = writeln!(
            out,
            r#"<text x="0" y="{}">{}</text>"#,
            height - 1.8 * STEP,
            escape(caption)
        );
        out.push_str("</g>\n");
    }
    out.push_str("</svg>\n");
    out
}

/// Where hole `h` is drawn.
fn place(board: &Board, h: usize) -> (f64, f64) {
    let (r, c) = board.place(h);
    match board.geometry() {
        Geometry::Square => (c as f64 * STEP, r as f64 * STEP),
        Geometry::Triangle => {
            let rows = (0..board.holes())
                .map(|i| board.place(i).0)
                .max()
                .unwrap_or(0);
            (
                (c as f64 + (rows - r) as f64 / 2.0) * STEP,
                r as f64 * STEP * 0.87,
            )
        }
        Geometry::Graph => {
            let n = board.holes() as f64;
            let radius = STEP * (n / 2.0).max(2.0);
            let angle = std::f64::consts::TAU * c as f64 / n;
            (radius * (1.0 + angle.sin()), radius * (1.0 - angle.cos()))
        }
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
