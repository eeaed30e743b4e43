import CFuzzerDriver
import Foundation

/// Runs libFuzzer with the process's arguments (`-max_total_time=…`,
/// corpus folders, a crashing input to replay) and `testOneInput`.
public enum FuzzDriver {
    /// libFuzzer's callback: one input, 0 to go on.
    public typealias TestOneInput = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32

    /// Never returns: exits with libFuzzer's status.
    public static func run(_ testOneInput: TestOneInput) -> Never {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
    }
}
