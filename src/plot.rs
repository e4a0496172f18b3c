//! Charts with plotters, as SVG or PNG, with a bundled font (DejaVu Sans, licence in
//! `assets/fonts/LICENSE_DEJAVU`): no system font library is needed.
//!
//! A chart is drawn in memory ([`render`]) and written as every output is
//! ([`crate::files::Output`]): a failed plot leaves nothing behind. Every chart is also a
//! report: its numbers, title and labels serialise as JSON (what `unhop plot … --json`
//! writes): [`LineChart`], [`Panels`], [`HeatMap`].

use crate::error::{Error, Figures};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::colors::colormaps::{ColorMap, ViridisRGB};
use plotters::style::register_font;
use std::path::Path;
use std::sync::OnceLock;

static FONT: &[u8] = include_bytes!("../assets/fonts/DejaVuSans.ttf");

/// The most cells a heat map of every word of one length may have (a picture of more is
/// unreadable, and its SVG hundreds of megabytes): the words of length 20.
pub const MAX_HEATMAP_CELLS: u128 = 1 << 20;

/// Refuses a heat map of every word of length `len` (2^len cells) beyond
/// [`MAX_HEATMAP_CELLS`], with the figures, before anything is computed.
///
/// # Complexity
///
/// O(1).
///
/// # Examples
///
/// ```
/// assert!(unhop::plot::admit_heat_map(20).is_ok());
/// let refused = unhop::plot::admit_heat_map(21).unwrap_err();
/// assert_eq!(refused.figures().unwrap().estimate, 1 << 21);
/// ```
pub fn admit_heat_map(len: usize) -> Result<(), Error> {
    let cells = 1u128
        .checked_shl(len as u32)
        .filter(|_| len < 128)
        .unwrap_or(u128::MAX);
    if cells > MAX_HEATMAP_CELLS {
        return Err(Error::refused(
            format!("a heat map of every word of length {len}"),
            Figures::new(cells, MAX_HEATMAP_CELLS, "cells"),
        )
        .with_note("choose a length of at most 20"));
    }
    Ok(())
}

/// The most points a [`LineChart::sequence`] draws one by one; a longer sequence is drawn as
/// the largest and the smallest value of each block of that many points' share.
pub const MAX_PLOTTED_POINTS: usize = 4000;

/// One named series of (x, y) points.
#[derive(Clone, Debug, PartialEq, serde::Serialize, schemars::JsonSchema)]
pub struct Series {
    /// The legend entry.
    pub name: String,
    /// The points, in order of x, each `[x, y]`.
    pub points: Vec<(f64, f64)>,
}

/// A line chart: title, axis labels and series drawn as lines with points, with a legend.
///
/// # Examples
///
/// ```
/// use unhop::plot::{LineChart, Series};
/// let chart = LineChart {
///     title: "t".into(), x_label: "n".into(), y_label: "value".into(), integer_y: true,
///     series: vec![Series { name: "chain".into(), points: vec![(0.0, 1.0), (1.0, 2.0)] }],
/// };
/// assert_eq!(serde_json::to_value(&chart).unwrap()["series"][0]["points"][1][1], 2.0);
/// ```
#[derive(Clone, Debug, PartialEq, serde::Serialize, schemars::JsonSchema)]
pub struct LineChart {
    /// The title above the chart.
    pub title: String,
    /// The x axis' label.
    pub x_label: String,
    /// The y axis' label.
    pub y_label: String,
    /// The series.
    pub series: Vec<Series>,
    /// Whether the y values are whole numbers (labelled without decimals).
    pub integer_y: bool,
}

/// Line charts drawn one above the other.
#[derive(Clone, Debug, PartialEq, serde::Serialize, schemars::JsonSchema)]
pub struct Panels {
    /// The charts, top to bottom.
    pub charts: Vec<LineChart>,
}

/// A heat map: `cells[row][column]` coloured by value, with a legend of the values.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct HeatMap {
    /// The title above the map.
    pub title: String,
    /// What the columns are.
    pub x_label: String,
    /// What the rows are.
    pub y_label: String,
    /// The values, row by row.
    pub cells: Vec<Vec<u32>>,
}

/// Something that can be drawn on any plotters backend, and whose numbers (with its title and
/// labels) serialise as JSON instead of a picture.
pub trait Picture: serde::Serialize {
    /// Draws on `area`; an error names what the drawing backend could not do.
    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> Result<(), Error>;
}

/// The error of a drawing step that failed.
fn failed(cause: impl std::fmt::Display) -> Error {
    Error::new(format!("cannot draw the chart: {cause}"))
}

const PALETTE: [RGBColor; 6] = [
    RGBColor(31, 119, 180),
    RGBColor(214, 39, 40),
    RGBColor(44, 160, 44),
    RGBColor(148, 103, 189),
    RGBColor(255, 127, 14),
    RGBColor(23, 190, 207),
];

impl Picture for LineChart {
    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> Result<(), Error> {
        let points = self.series.iter().flat_map(|s| s.points.iter());
        let (mut x0, mut x1, mut y1) = (f64::MAX, f64::MIN, 0f64);
        for &(x, y) in points {
            (x0, x1, y1) = (x0.min(x), x1.max(x), y1.max(y));
        }
        if x0 > x1 {
            (x0, x1) = (0.0, 1.0);
        }
        let (x1, y1) = (if x1 > x0 { x1 } else { x0 + 1.0 }, y1 * 1.1 + 1e-9);
        let mut chart = ChartBuilder::on(area)
            .caption(&self.title, ("sans-serif", 22))
            .margin(12)
            .x_label_area_size(45)
            .y_label_area_size(70)
            .build_cartesian_2d(x0..x1, 0f64..y1)
            .map_err(failed)?;
        let whole = |v: &f64| format!("{v:.0}");
        let decimal = |v: &f64| format!("{v:.2}");
        chart
            .configure_mesh()
            .x_desc(&self.x_label)
            .y_desc(&self.y_label)
            .x_label_formatter(&whole)
            .y_label_formatter(if self.integer_y { &whole } else { &decimal })
            .label_style(("sans-serif", 14))
            .axis_desc_style(("sans-serif", 16))
            .draw()
            .map_err(failed)?;
        for (k, series) in self.series.iter().enumerate() {
            let color = PALETTE[k % PALETTE.len()];
            chart
                .draw_series(LineSeries::new(
                    series.points.iter().copied(),
                    color.stroke_width(2),
                ))
                .map_err(failed)?
                .label(&series.name)
                .legend(move |(x, y)| {
                    PathElement::new([(x, y), (x + 20, y)], color.stroke_width(2))
                });
            chart
                .draw_series(
                    series
                        .points
                        .iter()
                        .map(|&p| Circle::new(p, 3, color.filled())),
                )
                .map_err(failed)?;
        }
        chart
            .configure_series_labels()
            .label_font(("sans-serif", 14))
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .position(SeriesLabelPosition::UpperLeft)
            .draw()
            .map_err(failed)
    }
}

impl LineChart {
    /// The chart of the sequence `values` (value n at x = n) titled `title`: one series
    /// `name` of every value when there are at most [`MAX_PLOTTED_POINTS`], else two series,
    /// the largest and the smallest value of each block of consecutive values (blocks of
    /// ⌈len / MAX_PLOTTED_POINTS⌉).
    ///
    /// # Complexity
    ///
    /// O(len) time and memory.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::plot::{LineChart, MAX_PLOTTED_POINTS};
    /// let values: Vec<u32> = (0..12_000).map(|n| n % 2).collect(); // blocks of 3
    /// let chart = LineChart::sequence("parity", "n", "n mod 2", &values);
    /// assert_eq!(chart.series.len(), 2);
    /// assert!(chart.series[0].points.len() <= MAX_PLOTTED_POINTS);
    /// assert!(chart.series[0].points.iter().all(|p| p.1 == 1.0)); // the largest of each block
    /// assert!(chart.series[1].points.iter().all(|p| p.1 == 0.0)); // the smallest
    /// let short = LineChart::sequence("parity", "n", "n mod 2", &values[..100]);
    /// assert_eq!(short.series[0].points.len(), 100);
    /// ```
    pub fn sequence(title: &str, x_label: &str, name: &str, values: &[u32]) -> LineChart {
        let block = values.len().div_ceil(MAX_PLOTTED_POINTS).max(1);
        let series = if block == 1 {
            let points = values
                .iter()
                .enumerate()
                .map(|(n, &g)| (n as f64, f64::from(g)));
            vec![Series {
                name: name.into(),
                points: points.collect(),
            }]
        } else {
            let extreme = |largest: bool| {
                let points = values.chunks(block).enumerate().map(|(k, chunk)| {
                    let pick = match largest {
                        true => chunk.iter().max(),
                        false => chunk.iter().min(),
                    };
                    ((k * block) as f64, f64::from(pick.copied().unwrap_or(0)))
                });
                points.collect()
            };
            vec![
                Series {
                    name: format!("largest {name} in blocks of {block}"),
                    points: extreme(true),
                },
                Series {
                    name: format!("smallest {name} in blocks of {block}"),
                    points: extreme(false),
                },
            ]
        };
        LineChart {
            title: title.into(),
            x_label: x_label.into(),
            y_label: name.into(),
            series,
            integer_y: true,
        }
    }
}

impl Picture for Panels {
    /// The charts one above the other.
    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> Result<(), Error> {
        let charts = &self.charts;
        for (chart, panel) in charts
            .iter()
            .zip(area.split_evenly((charts.len().max(1), 1)))
        {
            chart.draw(&panel)?;
        }
        Ok(())
    }
}

impl Picture for HeatMap {
    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> Result<(), Error> {
        let rows = self.cells.len().max(1);
        let columns = self.cells.iter().map(Vec::len).max().unwrap_or(0).max(1);
        let max = self.cells.iter().flatten().copied().max().unwrap_or(0);
        let color = |v: u32| {
            let t = if max == 0 { 0.0 } else { v as f32 / max as f32 };
            ViridisRGB.get_color(t)
        };
        let (map, legend) = area.split_horizontally(area.dim_in_pixel().0 - 110);
        let mut chart = ChartBuilder::on(&map)
            .caption(&self.title, ("sans-serif", 22))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(60)
            .build_cartesian_2d(0..columns, 0..rows)
            .map_err(failed)?;
        chart
            .configure_mesh()
            .disable_mesh()
            .x_desc(&self.x_label)
            .y_desc(&self.y_label)
            .label_style(("sans-serif", 14))
            .axis_desc_style(("sans-serif", 16))
            .draw()
            .map_err(failed)?;
        let cells = self.cells.iter().enumerate().flat_map(|(r, row)| {
            row.iter()
                .enumerate()
                .map(move |(c, &v)| Rectangle::new([(c, r), (c + 1, r + 1)], color(v).filled()))
        });
        chart.draw_series(cells).map_err(failed)?;
        let legend = legend.margin(60, 20, 10, 10);
        legend
            .draw(&Text::new("value", (0, 0), ("sans-serif", 16)))
            .map_err(failed)?;
        for v in 0..=max {
            let y = 24 + 22 * v as i32;
            legend
                .draw(&Rectangle::new([(0, y), (18, y + 16)], color(v).filled()))
                .map_err(failed)?;
            legend
                .draw(&Text::new(v.to_string(), (26, y), ("sans-serif", 14)))
                .map_err(failed)?;
        }
        Ok(())
    }
}

fn register_bundled_font() -> Result<(), Error> {
    static REGISTERED: OnceLock<bool> = OnceLock::new();
    let ok = *REGISTERED.get_or_init(|| {
        register_font("sans-serif", FontStyle::Normal, FONT).is_ok()
            && register_font("sans-serif", FontStyle::Bold, FONT).is_ok()
    });
    ok.then_some(())
        .ok_or_else(|| Error::new("the bundled font could not be loaded"))
}

/// The formats a chart can be written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImageFormat {
    /// Scalable vector graphics (text).
    Svg,
    /// A PNG bitmap.
    Png,
}

impl ImageFormat {
    /// The extensions of chart files, lower case without the dot.
    pub const EXTENSIONS: [&'static str; 2] = ["svg", "png"];

    /// The format to write into `path`, checked before any work with
    /// [`files::check_target`](crate::files::check_target): PNG for a `.png` name, SVG for
    /// `.svg`, for a name without an extension, for `-` (standard output) and for a device
    /// or FIFO; any other extension is refused.
    ///
    /// # Complexity
    ///
    /// O(length of the path), and one look at the file system.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::plot::ImageFormat;
    /// assert_eq!(ImageFormat::of("a.PNG".as_ref()).unwrap(), ImageFormat::Png);
    /// assert_eq!(ImageFormat::of("-".as_ref()).unwrap(), ImageFormat::Svg);
    /// assert!(ImageFormat::of("a.jpg".as_ref()).is_err());
    /// ```
    pub fn of(path: &Path) -> Result<ImageFormat, Error> {
        crate::files::check_target(path, "a chart", &Self::EXTENSIONS)?;
        let extension = path.extension().map(|e| e.to_string_lossy().to_lowercase());
        Ok(match extension.as_deref() {
            Some("png") => ImageFormat::Png,
            _ => ImageFormat::Svg,
        })
    }
}

/// Draws `picture` at `size` pixels in `format`: the file's bytes.
///
/// # Complexity
///
/// O(size of the picture): the SVG text, or 3 bytes a pixel for a PNG while it is encoded.
///
/// # Examples
///
/// ```
/// use unhop::plot::{ImageFormat, LineChart, Series, render};
/// let chart = LineChart {
///     title: "t".into(), x_label: "n".into(), y_label: "v".into(), integer_y: true,
///     series: vec![Series { name: "s".into(), points: vec![(0.0, 1.0), (1.0, 0.0)] }],
/// };
/// let svg = render(&chart, ImageFormat::Svg, (320, 200)).unwrap();
/// assert!(String::from_utf8(svg).unwrap().contains("<svg"));
/// assert!(render(&chart, ImageFormat::Png, (320, 200)).unwrap().starts_with(b"\x89PNG"));
/// ```
pub fn render(
    picture: &(impl Picture + ?Sized),
    format: ImageFormat,
    size: (u32, u32),
) -> Result<Vec<u8>, Error> {
    register_bundled_font()?;
    match format {
        ImageFormat::Svg => {
            let mut text = String::new();
            {
                let area = SVGBackend::with_string(&mut text, size).into_drawing_area();
                area.fill(&WHITE).map_err(failed)?;
                picture.draw(&area)?;
                area.present().map_err(failed)?;
            }
            Ok(text.into_bytes())
        }
        ImageFormat::Png => {
            let len = size.0 as usize * size.1 as usize * 3;
            let mut pixels = crate::memory::try_vec(len, 0u8, "the chart's pixels")?;
            {
                let area = BitMapBackend::with_buffer(&mut pixels, size).into_drawing_area();
                area.fill(&WHITE).map_err(failed)?;
                picture.draw(&area)?;
                area.present().map_err(failed)?;
            }
            let mut bytes = Vec::new();
            let mut encoder = png::Encoder::new(&mut bytes, size.0, size.1);
            encoder.set_color(png::ColorType::Rgb);
            encoder.set_depth(png::BitDepth::Eight);
            let mut writer = encoder.write_header().map_err(failed)?;
            writer.write_image_data(&pixels).map_err(failed)?;
            writer.finish().map_err(failed)?;
            Ok(bytes)
        }
    }
}

/// Draws `picture` into `path` at `size` pixels, in the format [`ImageFormat::of`] the path,
/// written as [`files::Output`](crate::files::Output) writes (a file replaced atomically, a
/// device in place, `-` to standard output).
///
/// # Complexity
///
/// As [`render`], and the file written once.
///
/// # Examples
///
/// ```
/// use unhop::plot::{save, LineChart, Series};
/// let chart = LineChart {
///     title: "squares".into(), x_label: "n".into(), y_label: "n²".into(),
///     series: vec![Series { name: "n²".into(), points: (0..5).map(|n| (n as f64, (n * n) as f64)).collect() }],
///     integer_y: true,
/// };
/// let folder = tempfile::tempdir().unwrap();
/// save(&chart, &folder.path().join("squares.svg"), (640, 480)).unwrap();
/// assert!(std::fs::read_to_string(folder.path().join("squares.svg")).unwrap().contains("<svg"));
/// save(&chart, &folder.path().join("squares.png"), (640, 480)).unwrap();
/// assert!(std::fs::read(folder.path().join("squares.png")).unwrap().starts_with(b"\x89PNG"));
/// ```
pub fn save(picture: &(impl Picture + ?Sized), path: &Path, size: (u32, u32)) -> Result<(), Error> {
    let bytes = render(picture, ImageFormat::of(path)?, size)?;
    crate::files::write_atomically(path, &bytes)
}
