import CNcursesw
// Placeholder until the terminal layer lands (issue 3).
public enum TerminalUIVersion { public static let placeholder = 0 }
