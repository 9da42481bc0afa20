/**
 * The Claude Agent SDK's own types, the only place this adapter names the SDK. The SDK is an
 * optional peer that brings a 356 MB binary, so the package builds without it (`npm ci` runs
 * the build before anything optional is installed): there the import is left unresolved and
 * the names stand for `any`. Where the SDK is installed, as in a program using this adapter
 * and in this repository's type check and tests, they are the SDK's exact types.
 */
// biome-ignore lint/suspicious/noTsIgnore: @ts-expect-error would fail where the SDK is installed.
// @ts-ignore -- unresolved when the optional peer is absent; see above.
import type * as Sdk from '@anthropic-ai/claude-agent-sdk';

export type Options = Sdk.Options;
export type AgentDefinition = Sdk.AgentDefinition;
export type McpSdkServerConfigWithInstance = Sdk.McpSdkServerConfigWithInstance;
export type HookEvent = Sdk.HookEvent;
export type HookInput = Sdk.HookInput;
export type HookCallback = Sdk.HookCallback;
export type HookCallbackMatcher = Sdk.HookCallbackMatcher;
export type SyncHookJSONOutput = Sdk.SyncHookJSONOutput;
