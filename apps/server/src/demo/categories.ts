/** The category tree of a Swiss general marketplace: each category with its subcategories. */
export const CATEGORY_TREE: { name: string; subcategories: string[] }[] = [
  {
    name: 'Food & Drinks',
    subcategories: ['Cheese & Dairy', 'Chocolate & Sweets', 'Bakery', 'Wine & Spirits', 'Coffee & Tea'],
  },
  { name: 'Fashion', subcategories: ['Women', 'Men', 'Children', 'Shoes', 'Accessories'] },
  { name: 'Home & Living', subcategories: ['Furniture', 'Kitchen', 'Decoration', 'Textiles', 'Lighting'] },
  { name: 'Electronics', subcategories: ['Phones', 'Computers', 'Audio', 'Cameras', 'Household Appliances'] },
  { name: 'Sports & Outdoors', subcategories: ['Hiking', 'Winter Sports', 'Cycling', 'Fitness', 'Camping'] },
  { name: 'Watches & Jewellery', subcategories: ['Watches', 'Rings', 'Necklaces', 'Bracelets'] },
  { name: 'Health & Beauty', subcategories: ['Skin Care', 'Hair Care', 'Fragrances', 'Natural Remedies'] },
  { name: 'Books & Stationery', subcategories: ['Books', 'Notebooks & Paper', 'Pens', 'Maps & Guides'] },
  { name: 'Toys & Games', subcategories: ['Wooden Toys', 'Board Games', 'Puzzles', 'Outdoor Play'] },
  { name: 'Garden & DIY', subcategories: ['Plants', 'Garden Tools', 'Workshop Tools', 'Outdoor Furniture'] },
];
