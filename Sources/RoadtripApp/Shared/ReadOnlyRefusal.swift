import RoadtripCore

/// A presenter whose screen has editing keys. While the data is read-only (another roadtrip is editing it),
/// `mayEdit()` refuses such a key at once and says why, instead of opening a form whose work would be lost.
protocol RefusesEditsWhenReadOnly: AnyObject {
    var access: StoreAccess { get }
    /// Puts `message` on the screen now.
    func show(_ message: StatusMessage)
}

extension RefusesEditsWhenReadOnly {
    func mayEdit() -> Bool {
        guard let refusal = StatusMessage.refusal(access) else { return true }
        show(refusal)
        return false
    }
}
