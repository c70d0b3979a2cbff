import { FormXmlError, parseFormXml } from '../../../src/services/sample-tracking/forms/form-xml';
import { parseRequestTypeXml } from '../../../src/services/sample-tracking/request-types/request-type-xml';

describe('the XML form description', () => {
  it('reads the form kind as the platform names it, and fields in document order', () => {
    const form = parseFormXml(`<form name="N" type="external_service"><fields>
      <field type="text" name="b"/><!-- a comment --><field type="address" name="a" required="yes"/>
    </fields></form>`);
    expect(form.type).toBe('External Service Information Form');
    expect(form.desc).toBe('');
    expect(form.layout).toEqual([]);
    expect(form.fields.map((field) => [field.name, field.type, field.required])).toEqual([
      ['b', 'TextField', 'optional'],
      ['a', 'AddressField', 'required'],
    ]);
  });

  it('reads booleans as the platform does (true, yes, on; anything else false)', () => {
    const form = parseFormXml('<form name="N" type="sample"><fields><field type="text" name="x" required="1" visible="off" area="On"/></fields></form>');
    expect(form.fields[0]).toMatchObject({ required: 'optional', visible: false, type: 'TextArea' });
  });

  it('keeps entities and CDATA-free attribute text as written', () => {
    const form = parseFormXml('<form name="A &amp; B" type="sample"><fields><field type="text" name="x" helptext="&lt;b&gt;bold&lt;/b&gt;"/></fields></form>');
    expect(form.name).toBe('A & B');
    expect(form.fields[0].helptext).toBe('<b>bold</b>');
  });

  it('reports problems as FormXmlError', () => {
    expect(() => parseFormXml('<form')).toThrow(FormXmlError);
    expect(() => parseFormXml('')).toThrow(FormXmlError);
  });

  it('refuses a document type declaration and deep nesting as FormXmlError, for forms and request types alike', () => {
    const doctype = '<!DOCTYPE form [<!ENTITY x SYSTEM "file:///etc/passwd">]><form name="&x;" type="sample"/>';
    const deep = `<form name="d" type="sample">${'<a>'.repeat(20000)}${'</a>'.repeat(20000)}</form>`;
    for (const parse of [parseFormXml, parseRequestTypeXml]) {
      expect(() => parse(doctype)).toThrow(new FormXmlError('Invalid XML: a document type declaration (<!DOCTYPE>, entities) is not accepted'));
      expect(() => parse(deep)).toThrow(new FormXmlError('Invalid XML: elements are nested more than 100 levels deep'));
    }
  });
});

describe('the request type XML', () => {
  it('reads the name, the description and the sample states in order', () => {
    expect(parseRequestTypeXml('<rt name="T" description="D"><sample_states><state name="a" description="first"/><state name="b"/></sample_states></rt>')).toEqual({
      name: 'T',
      desc: 'D',
      states: [
        { name: 'a', desc: 'first' },
        { name: 'b', desc: '' },
      ],
    });
  });

  it('refuses two states of one name', () => {
    expect(() => parseRequestTypeXml('<rt name="T"><sample_states><state name="a"/><state name="a"/></sample_states></rt>')).toThrow('Sample state names of a request type must be unique ( a ).');
  });
});
