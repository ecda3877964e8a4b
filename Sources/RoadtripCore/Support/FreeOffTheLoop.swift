import Foundation

/// Frees a large value on another thread. The 100,000 trips or rows a change replaced take milliseconds to free,
/// which the frame that shows the change need not wait for. The caller hands over its last reference (`consume`);
/// the value is moved into a box, so the last release is the box's, there.
public enum FreeOffTheLoop {
    public static func free<Value>(_ value: consuming Value) {
        let box = Box(value)
        DispatchQueue.global(qos: .utility).async { box.value = nil }
    }

    private final class Box<Value>: @unchecked Sendable {
        var value: Value?

        init(_ value: consuming Value) {
            self.value = value
        }
    }
}
