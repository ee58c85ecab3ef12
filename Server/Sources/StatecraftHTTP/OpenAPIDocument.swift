/// The API's OpenAPI 3.1 document, `openapi.yaml` beside this file, embedded in the binary so that the
/// server serves it (`GET /openapi.yaml`) wherever the binary is.
public enum OpenAPIDocument {
    /// The document's YAML text.
    public static let yaml = String(decoding: PackageResources.openapi_yaml, as: UTF8.self)
}
