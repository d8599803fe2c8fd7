/** The component schemas of one document, filled while its operations are built. */
import type * as v from 'valibot';
import { type Json, jsonSchemaOf } from './json-schema';

export class ComponentSchemas {
  /** By name, in the order they were made (a later schema of a taken name gets another). */
  readonly byName = new Map<string, Json>();
  private readonly names = new Map<v.GenericSchema, string>();

  /** A schema of its own name (Notification, CollectionConfiguration). */
  set(name: string, schema: v.GenericSchema): void {
    this.byName.set(name, jsonSchemaOf(schema));
  }

  /**
   * A `$ref` to a model schema's component: named `name`, or `name_{operation}` (`ContainerModel_loadDefault`) when
   * another schema has that name already. The same schema is one component however many operations answer it.
   */
  refTo(schema: v.GenericSchema, name: string, operation: string): Json {
    let known = this.names.get(schema);
    if (!known) {
      known = this.byName.has(name) ? `${name}_${operation.split('.').pop()}` : name;
      this.names.set(schema, known);
      this.byName.set(known, jsonSchemaOf(schema));
    }
    return { $ref: `#/components/schemas/${known}` };
  }

  /** The components by name, sorted, as the document lists them. */
  sorted(): Json {
    return Object.fromEntries([...this.byName].sort(([a], [b]) => a.localeCompare(b)));
  }
}
