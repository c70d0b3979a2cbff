import { Arg, Query, Resolver } from 'type-graphql';
import { loadDatatypesRegistry } from '../../datatypes';
import { AppError } from '../../errors/error-kinds';
import { asBool } from '../../format/booleans';
import { Access } from '../shared/access';
import { JSONObjectScalar, JSONScalar } from '../shared/scalars';

/** Reads a flag the platform's way for datatypes (`asbool`): an unknown spelling is refused. */
function flag(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === null) return fallback;
  const parsed = asBool(value);
  if (parsed === undefined) throw new AppError('RequestParameterInvalidException', `String is not true/false: '${value}'`, { parameter: name });
  return parsed;
}

/** The datatypes registry (anonymous and sessionless). */
@Resolver()
export class DatatypeResolver {
  @Query(() => JSONScalar, { description: 'Extensions (extensionOnly, the default) or {extension, description, description_url} items.' })
  @Access('anonymous')
  datatypes(
    @Arg('extensionOnly', () => String, { nullable: true }) extensionOnly?: string,
    @Arg('uploadOnly', () => String, { nullable: true }) uploadOnly?: string,
  ): unknown {
    const registry = loadDatatypesRegistry();
    const upload = flag('upload_only', uploadOnly, true);
    return flag('extension_only', extensionOnly, true) ? registry.extensions({ uploadOnly: upload }) : registry.elements({ uploadOnly: upload });
  }

  @Query(() => JSONObjectScalar, { description: '{ext_to_class_name, class_to_classes}.' })
  @Access('anonymous')
  datatypeMapping(): Record<string, unknown> {
    return { ...loadDatatypesRegistry().mapping() };
  }

  @Query(() => [String], { description: 'Sniffer datatypes, in the order they are tried.' })
  @Access('anonymous')
  datatypeSniffers(): string[] {
    return loadDatatypesRegistry().sniffers();
  }

  @Query(() => [JSONObjectScalar], { description: '{source, target, tool_id} converters.' })
  @Access('anonymous')
  datatypeConverters(): Array<Record<string, unknown>> {
    return loadDatatypesRegistry().converters().map((converter) => ({ ...converter }));
  }
}
