//! Charts with plotters, as SVG or PNG, with a bundled font (DejaVu Sans, licence in
//! `assets/fonts/LICENSE_DEJAVU`): no system font library is needed.
//!
//! A chart is drawn in memory ([`render`]) and written as every output is
//! ([`crate::files::Output`]): a failed plot leaves nothing behind.

use crate::error::Error;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::colors::colormaps::{ColorMap, ViridisRGB};
use plotters::style::register_font;
use std::path::Path;
use std::sync::OnceLock;

static FONT: &[u8] = include_bytes!("../assets/fonts/DejaVuSans.ttf");

/// One named series of (x, y) points.
#[derive(Clone, Debug)]
pub struct Series {
    /// The legend entry.
    pub name: String,
    /// The points, in order of x.
    pub points: Vec<(f64, f64)>,
}

/// A line chart: title, axis labels and series drawn as lines with points, with a legend.
#[derive(Clone, Debug)]
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

/// A heat map: `cells[row][column]` coloured by value, with a legend of the values.
#[derive(Clone, Debug)]
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

/// Something that can be drawn on any plotters backend, and whose numbers can be had as
/// JSON instead of a picture.
pub trait Picture {
    /// Draws on `area`.
    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> Result<(), String>;

    /// The numbers the picture shows, with its title and labels, as one JSON value. O(size of
    /// the data).
    ///
    /// ```
    /// use unhop::plot::{LineChart, Picture, Series};
    /// let chart = LineChart {
    ///     title: "t".into(), x_label: "n".into(), y_label: "value".into(), integer_y: true,
    ///     series: vec![Series { name: "chain".into(), points: vec![(0.0, 1.0), (1.0, 2.0)] }],
    /// };
    /// assert_eq!(chart.to_json()["series"][0]["points"][1][1], 2.0);
    /// ```
    fn to_json(&self) -> serde_json::Value;
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
    fn to_json(&self) -> serde_json::Value {
        self.json()
    }

    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> Result<(), String> {
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
            .map_err(|e| e.to_string())?;
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
            .map_err(|e| e.to_string())?;
        for (k, series) in self.series.iter().enumerate() {
            let color = PALETTE[k % PALETTE.len()];
            chart
                .draw_series(LineSeries::new(
                    series.points.iter().copied(),
                    color.stroke_width(2),
                ))
                .map_err(|e| e.to_string())?
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
                .map_err(|e| e.to_string())?;
        }
        chart
            .configure_series_labels()
            .label_font(("sans-serif", 14))
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .position(SeriesLabelPosition::UpperLeft)
            .draw()
            .map_err(|e| e.to_string())
    }
}

impl LineChart {
    fn json(&self) -> serde_json::Value {
        serde_json::json!({
            "title": self.title,
            "x_label": self.x_label,
            "y_label": self.y_label,
            "series": self.series.iter().map(|s| serde_json::json!({
                "name": s.name,
                "points": s.points.iter().map(|&(x, y)| [x, y]).collect::<Vec<_>>(),
            })).collect::<Vec<_>>(),
        })
    }
}

impl Picture for [LineChart] {
    /// One object per chart, in order, under `"charts"`.
    fn to_json(&self) -> serde_json::Value {
        serde_json::json!({ "charts": self.iter().map(LineChart::json).collect::<Vec<_>>() })
    }

    /// The charts one above the other.
    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> Result<(), String> {
        for (chart, panel) in self.iter().zip(area.split_evenly((self.len().max(1), 1))) {
            chart.draw(&panel)?;
        }
        Ok(())
    }
}

impl Picture for HeatMap {
    fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "title": self.title,
            "x_label": self.x_label,
            "y_label": self.y_label,
            "cells": self.cells,
        })
    }

    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> Result<(), String> {
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
            .map_err(|e| e.to_string())?;
        chart
            .configure_mesh()
            .disable_mesh()
            .x_desc(&self.x_label)
            .y_desc(&self.y_label)
            .label_style(("sans-serif", 14))
            .axis_desc_style(("sans-serif", 16))
            .draw()
            .map_err(|e| e.to_string())?;
        let cells = self.cells.iter().enumerate().flat_map(|(r, row)| {
            row.iter()
                .enumerate()
                .map(move |(c, &v)| Rectangle::new([(c, r), (c + 1, r + 1)], color(v).filled()))
        });
        chart.draw_series(cells).map_err(|e| e.to_string())?;
        let legend = legend.margin(60, 20, 10, 10);
        legend
            .draw(&Text::new("value", (0, 0), ("sans-serif", 16)))
            .map_err(|e| e.to_string())?;
        for v in 0..=max {
            let y = 24 + 22 * v as i32;
            legend
                .draw(&Rectangle::new([(0, y), (18, y + 16)], color(v).filled()))
                .map_err(|e| e.to_string())?;
            legend
                .draw(&Text::new(v.to_string(), (26, y), ("sans-serif", 14)))
                .map_err(|e| e.to_string())?;
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

/// Draws `picture` at `size` pixels in `format`: the file's bytes. Memory: the SVG text, or
/// 3 bytes a pixel for a PNG while it is encoded.
pub fn render(
    picture: &(impl Picture + ?Sized),
    format: ImageFormat,
    size: (u32, u32),
) -> Result<Vec<u8>, Error> {
    register_bundled_font()?;
    let fail = |e: &dyn std::fmt::Display| Error::new(format!("cannot draw the chart: {e}"));
    match format {
        ImageFormat::Svg => {
            let mut text = String::new();
            {
                let area = SVGBackend::with_string(&mut text, size).into_drawing_area();
                area.fill(&WHITE).map_err(|e| fail(&e))?;
                picture.draw(&area).map_err(|e| fail(&e))?;
                area.present().map_err(|e| fail(&e))?;
            }
            Ok(text.into_bytes())
        }
        ImageFormat::Png => {
            let mut pixels = vec![0u8; size.0 as usize * size.1 as usize * 3];
            {
                let area = BitMapBackend::with_buffer(&mut pixels, size).into_drawing_area();
                area.fill(&WHITE).map_err(|e| fail(&e))?;
                picture.draw(&area).map_err(|e| fail(&e))?;
                area.present().map_err(|e| fail(&e))?;
            }
            let mut bytes = Vec::new();
            let mut encoder = png::Encoder::new(&mut bytes, size.0, size.1);
            encoder.set_color(png::ColorType::Rgb);
            encoder.set_depth(png::BitDepth::Eight);
            let mut writer = encoder.write_header().map_err(|e| fail(&e))?;
            writer.write_image_data(&pixels).map_err(|e| fail(&e))?;
            writer.finish().map_err(|e| fail(&e))?;
            Ok(bytes)
        }
    }
}

/// Draws `picture` into `path` at `size` pixels, in the format [`ImageFormat::of`] the path,
/// written as [`files::Output`](crate::files::Output) writes (a file replaced atomically, a
/// device in place, `-` to standard output).
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
