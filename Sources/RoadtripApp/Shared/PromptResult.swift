import RoadtripCore

/// What a prompt's submit callback returns: nil closes the prompt, a message keeps it open.
enum PromptResult {
    /// Runs a prompt's change. A rule the input broke keeps the prompt open with the reason; any other
    /// failure (the save) closes it and goes to `failed`, the store keeping the change in memory.
    static func run(_ change: () throws -> Void, failed: (Error) -> Void) -> String? {
        do {
            try change()
            return nil
        } catch let StoreError.invalid(validation) {
            return validation.description
        } catch {
            failed(error)
            return nil
        }
    }
}
