/// What the water between two stops means for the estimate (`EstimateEngine`), so routing knows no map; the base
/// map's shorelines answer it (`WaterCrossing`).
public protocol WaterCheck: AnyObject, Sendable {
    func answer(from: Coordinate, to: Coordinate) -> WaterAnswer
}

public enum WaterAnswer: Equatable, Sendable {
    /// The straight line stays on land (or is too short, or the shorelines are not known): nothing to add.
    case overLand
    /// The line crosses the sea and a way round over land (bridges and narrow sounds included) is this long.
    case wayRound(landKm: Double)
    /// No way round within reach: the crossing with the least open sea, `seaKm` of it, and `landKm` over land.
    case crossing(landKm: Double, seaKm: Double)
}
