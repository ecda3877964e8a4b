/// What Tab makes of the text before the cursor in a prompt that completes (a path): that text completed as far as
/// every choice agrees, the choices a second Tab lists, and what to say when there is nothing to list.
public struct TextCompletion: Equatable {
    /// The text before the cursor, completed (unchanged when nothing can be added).
    public var text: String
    /// What could follow, as the list shows them ("trips/", "loop.gpx"); one when the completion is whole.
    public var choices: [String]
    /// Said instead of a list when there are no choices ("No match").
    public var note: String?

    public init(text: String, choices: [String], note: String? = nil) {
        self.text = text
        self.choices = choices
        self.note = note
    }
}
