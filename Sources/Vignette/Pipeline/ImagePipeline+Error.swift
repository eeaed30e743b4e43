extension ImagePipeline {
    /// The pipeline's errors are the loading boundary's: `ImageLoadingError`.
    public typealias Error = ImageLoadingError
}
