import Foundation

extension TimeInterval {
    /// "10", "2.5": a time-out in a failure reason ("timed out after 10 s").
    var secondsText: String {
        self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(format: "%.1f", self)
    }
}
