import RoadtripCore

extension RefusesEditsWhenReadOnly {
    /// Undo or redo (`step`, the interactor's): says when there was nothing to take back or make again (`nothing`),
    /// or why it failed. A step that was made comes back through the change feed, as it does to every screen.
    func stepHistory(saying nothing: String, _ step: () throws -> ChangeDescription?) {
        do {
            if try step() == nil { show(.info(nothing)) }
        } catch {
            show(.failure(error))
        }
    }
}
