import { route, type RouteArea } from '../../../core/route';

const CATEGORY = /* GraphQL */ `
  id
  name
  description
  deleted
`;

interface CategoryData {
  id: string;
  name: string;
  description: string;
  deleted: boolean;
  repositoryCount?: number;
}

const categoryRecord = ({ repositoryCount: _count, ...category }: CategoryData) => ({ model_class: 'Category', ...category, url: `/api/categories/${category.id}` });

/** The index's record: with the number of its repositories. */
const categoryIndexRecord = (category: CategoryData) => ({ ...categoryRecord(category), repositories: category.repositoryCount });

/** Categories of the depot (administrators create them; the index counts their repositories). */
export const depotCategoriesArea: RouteArea = {
  area: 'depot_categories',
  routes: [
    route<{ categories: CategoryData[] }>({
      method: 'get',
      path: '/api/categories',
      access: 'anonymous',
      operation: `query ($deleted: Boolean) { categories(deleted: $deleted) { ${CATEGORY} repositoryCount } }`,
      variables: (input) => ({ deleted: input.bool('deleted') }),
      shape: (data) => data.categories.map(categoryIndexRecord),
    }),
    route<{ createCategory: CategoryData }>({
      method: 'post',
      path: '/api/categories',
      access: 'admin',
      operation: `mutation ($name: String, $description: String) { createCategory(name: $name, description: $description) { ${CATEGORY} } }`,
      variables: (input) => ({ name: input.string('name'), description: input.string('description') }),
      shape: (data) => ({ ...categoryRecord(data.createCategory), message: `Category '${data.createCategory.name}' has been created` }),
    }),
    // The Tool Shed client's `get_categories(deleted=True)` asks `/api/categories/deleted`: served as `?deleted=true`.
    route<{ categories: CategoryData[] }>({
      method: 'get',
      path: '/api/categories/deleted',
      access: 'admin',
      operation: `query { categories(deleted: true) { ${CATEGORY} repositoryCount } }`,
      shape: (data) => data.categories.map(categoryIndexRecord),
    }),
    route<{ category: CategoryData }>({
      method: 'get',
      path: '/api/categories/:category_id',
      access: 'anonymous',
      operation: `query ($id: ID!) { category(id: $id) { ${CATEGORY} } }`,
      variables: (input) => ({ id: input.path.category_id }),
      shape: (data) => categoryRecord(data.category),
    }),
  ],
};
