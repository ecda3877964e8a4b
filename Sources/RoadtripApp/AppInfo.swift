import RoadtripCore

public enum AppInfo {
    public static let version = Release.version
}
