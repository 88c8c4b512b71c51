/**
 * Imported first by the local entry points: silences the AWS SDKs' notices about Node versions
 * and SDK v2 support (cognito-local uses v2), which say nothing about this project.
 */
process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE ??= '1';
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export {};
