/// The release, for `--version`, the about line and the `User-Agent` the OSRM engine sends.
public enum Release {
    public static let version = "0.1.0"
}
