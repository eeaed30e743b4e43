// The fixture loader the states strategy is used with comes along with
// `import VignetteSnapshotTesting`, as the core comes along with `import Vignette`.
@_exported import VignetteTesting
