/// What the estimate asks of the water between two stops: the share (0…1) of their straight line over open sea,
/// or 0 when it is not enough to mark the leg. Handed to the estimate (`EstimateEngine`), so routing knows
/// no map; the base map's shorelines answer it (`WaterCrossing`).
public protocol WaterCheck: AnyObject, Sendable {
    func markedShare(from: Coordinate, to: Coordinate) -> Double
}
