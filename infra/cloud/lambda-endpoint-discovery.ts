/**
 * Replaces `@aws-sdk/middleware-endpoint-discovery` in the Lambda bundles (see bundling.ts and ADR 0016).
 * The DynamoDB client resolves an endpoint-discovery configuration when it is constructed, with a cache of
 * discovered endpoints (`@aws-sdk/endpoint-cache` and `mnemonist`, about 8 KB minified); only commands with
 * the endpoint-discovery trait use it, and none of the item commands the functions send has it (DynamoDB
 * discovers endpoints only when a client turns it on, which no function does). The configuration is the
 * same without the cache; the middleware itself fails loudly if a command ever adds it. Locally and in the
 * tests the real module is used.
 */
const unsupported = (): never => {
  throw new Error('Endpoint discovery is not bundled in this function (infra/cloud/lambda-endpoint-discovery.ts)');
};

/** As the SDK's, without the `endpointCache` no bundled command reads. */
export const resolveEndpointDiscoveryConfig = <
  T extends {
    endpointDiscoveryEnabled?: boolean;
    endpointDiscoveryEnabledProvider?: () => Promise<boolean | undefined>;
  },
>(
  input: T,
  { endpointDiscoveryCommandCtor }: { endpointDiscoveryCommandCtor: unknown },
) =>
  Object.assign(input, {
    endpointDiscoveryCommandCtor,
    endpointDiscoveryEnabled:
      input.endpointDiscoveryEnabled !== undefined
        ? () => Promise.resolve(input.endpointDiscoveryEnabled)
        : input.endpointDiscoveryEnabledProvider,
    isClientEndpointDiscoveryEnabled: input.endpointDiscoveryEnabled !== undefined,
  });

/** The client's default: off unless the environment or a profile turns it on (neither is read here). */
export const NODE_ENDPOINT_DISCOVERY_CONFIG_OPTIONS = {
  environmentVariableSelector: (): boolean | undefined => undefined,
  configFileSelector: (): boolean | undefined => undefined,
  default: undefined,
};

/** Added only by commands with the endpoint-discovery trait. */
export const getEndpointDiscoveryPlugin = unsupported;
export const getEndpointDiscoveryRequiredPlugin = unsupported;
export const getEndpointDiscoveryOptionalPlugin = unsupported;
export const endpointDiscoveryMiddlewareOptions = {};
