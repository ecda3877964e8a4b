public enum AppInfo {
    public static let version = "0.1.0"
}
