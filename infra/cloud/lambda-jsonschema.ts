/**
 * Replaces `jsonschema` in the Lambda bundles (see bundling.ts and ADR 0016). ElectroDB uses it for two
 * things only (electrodb/src/validations.js):
 * - validating each entity's model definition when the entity is constructed. The models are the
 *   project's own static code, never input, and the tests construct every entity with the real
 *   jsonschema (test/unit/entity-models.test.ts), so a malformed model fails there before it can deploy;
 * - telling a model from an Entity instance when a Service is built (a model validates, an instance
 *   lacks its required properties). That part is kept: a schema's required top-level properties.
 * About 28 KB less per function. Request input is validated by the zod contracts, not by this.
 */
interface Schema {
  required?: unknown;
}

interface ValidationError {
  property: string;
  name: string;
  argument: string;
  message: string;
  stack: string;
}

export class Validator {
  /** ElectroDB registers its formats here (`Validator.prototype.customFormats.isFunction = …`); unused. */
  declare customFormats: Record<string, (input: unknown) => boolean>;

  addSchema(): void {}

  validate(instance: unknown, schema: Schema): { valid: boolean; errors: ValidationError[] } {
    const required = Array.isArray(schema?.required) ? (schema.required as string[]) : [];
    const present = typeof instance === 'object' && instance !== null ? instance : {};
    const errors = required
      .filter((key) => !(key in present))
      .map((key) => {
        const message = `requires property ${JSON.stringify(key)}`;
        return { property: 'instance', name: 'required', argument: key, message, stack: `instance ${message}` };
      });
    return { valid: errors.length === 0, errors };
  }
}
Validator.prototype.customFormats = {};
