// `import Vignette` brings the core too: descriptors, surfaces, codecs and
// rendering come from VignetteCore, loading and caching from this module.
@_exported import VignetteCore
