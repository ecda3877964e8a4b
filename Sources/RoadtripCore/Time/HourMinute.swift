/// "09:05" from a count of minutes (a time of day, an offset's size), two digits each side. Not `String(format:)`:
/// that goes through NSString, and a long trip's rows and files write thousands of these.
enum HourMinute {
    static func text(minutes: Int, separator: String = ":") -> String {
        twoDigits(minutes / 60) + separator + twoDigits(minutes % 60)
    }

    private static func twoDigits(_ value: Int) -> String {
        (0..<10).contains(value) ? "0" + String(value) : String(value)
    }
}
