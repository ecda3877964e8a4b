import RoadtripCore

/// One water check for a whole test process: the shorelines are read once, not once per test (the app makes
/// one per run).
public enum TestWater {
    public static let shared = WaterCrossing.bundled()
}
