import Foundation

/// The regions' points of interest along the route on the trip's map: one glyph each, drawn only when the map is
/// zoomed in far enough that the corridor (5 km) is a cell or two wide, so they sit beside the road they belong to
/// rather than in a smear over it.
public enum MapPOIs {
    /// Drawn at this many km per cell or less (the status line's "1 cell ≈ 2 km").
    public static let maxKmPerCell = 2.0
    /// At most this many glyphs a frame: the frame's budget does not grow with the regions.
    public static let limit = 300

    /// One glyph per category, ASCII so every terminal shows it.
    public static func glyph(_ category: POICategory) -> Character {
        switch category {
        case .sleep: return "S"
        case .fuel: return "F"
        case .charge: return "E"
        case .see: return "V"
        case .rest: return "R"
        case .ferry: return "B"
        }
    }

    /// What one cell spans across at the view's middle, km.
    public static func kmPerCell(_ projection: MapProjection) -> Double {
        let middle = projection.coordinate(x: Double(projection.width) / 2, y: Double(projection.height) / 2)
        return 2 * 40_075.017 * cos(middle.latitude * .pi / 180) / projection.scale
    }

    /// The cells (`row`, `column` from the map's top left) of `pois` inside a map of `columns` × `rows`, at most
    /// `limit`; none when the view is zoomed out past `maxKmPerCell`.
    public static func cells(_ pois: [AlongStop], projection: MapProjection, columns: Int,
                             rows: Int) -> [(row: Int, column: Int, glyph: Character)] {
        guard kmPerCell(projection) <= maxKmPerCell else { return [] }
        var cells: [(row: Int, column: Int, glyph: Character)] = []
        for poi in pois {
            let point = projection.project(longitude: poi.feature.longitude, latitude: poi.feature.latitude)
            guard point.x.isFinite, point.y.isFinite, point.x >= 0, point.y >= 0 else { continue }
            let column = Int(point.x) / BrailleCell.dotsAcross, row = Int(point.y) / BrailleCell.dotsDown
            guard column < columns, row < rows, let category = poi.feature.category else { continue }
            cells.append((row, column, glyph(category)))
            if cells.count == limit { break }
        }
        return cells
    }
}
